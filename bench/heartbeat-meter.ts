/**
 * `npm run bench -- --only heartbeat-meter [--rounds N]` (or `npx tsx
 * bench/heartbeat-meter.ts [--rounds N]`) (issue 26): what carrying the
 * session's meter on the heartbeat's answer costs the server, in this process
 * (no sockets, no HTTP), on the server's file database (WAL, synchronous =
 * FULL, the connection in its worker thread with cheap reads on the event
 * loop — the server's default).
 *
 * 500 stations, each with a full heartbeat log and a customer playing on it
 * (a happy hour on the price list; every fifth customer holds a time package).
 * 2,000 heartbeats, 50 in flight, each the server's path as in `--only reads`
 * (the station by key, then the group commit in batches of 10), alternating:
 *   - heartbeat alone (before);
 *   - heartbeat + meter: `PricingService.sessionMeter({ stationId })` read
 *     while the heartbeat waits for its commit, as the route does (after).
 * Then the reads the kiosk's per-minute `GET /pricing/meter` made before
 * (the session by id, the user, the list in force, the station's group, the
 * packages; HTTP and the token check not counted), 2,000 calls, 50 at once.
 * Per heartbeat (or call): wall time and the event loop's own busy time; per
 * meter read: p50/p99.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { systemClock } from '../src/server/clock/clock.js';
import type { Db } from '../src/server/db/schema.js';
import { findSession, findUser } from '../src/server/sessions/repo.js';
import { PricingService } from '../src/server/pricing/service.js';
import { TrimSchedule, writeHeartbeats, type PendingHeartbeat } from '../src/server/stations/heartbeats.js';
import { UNITS_PER_IQD, emptyPriceList, type PriceList } from '../src/shared/pricing/index.js';
import { beats, freshDb } from './heartbeat-writes.js';
import { percentile } from './support.js';

const STATIONS = 500;
const IN_FLIGHT = 50;
const BATCH = 10;

const HAPPY: PriceList = {
  ...emptyPriceList(),
  periods: [{ id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4, 5, 6], dates: [], start: 14 * 60, end: 17 * 60, hourlyRate: null, percentOff: 50 }],
};

/** A customer playing on every station, a price list, a package for every fifth customer. */
async function seedPlay(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db.insertInto('price_lists').values({ id: 'prc_000001', body: JSON.stringify(HAPPY), created_at: now, created_by: null }).execute();
  for (let i = 1; i <= STATIONS; i += 1) {
    await sql`insert into users (id, username, password_hash, email, phone_number, display_name, avatar_url, type, balance, protected_balance, xp, level,
      require_password_reset, require_balance_top_up, created_at, last_login_at, steam_id, lifetime_xp)
      values (${`u-${i}`}, ${`player${i}`}, null, null, null, null, null, 'regular', 5000, 0, 0, 1, 0, 0, ${now}, null, null, 0)`.execute(db);
    await sql`insert into client_sessions (id, user_id, station_id, started_at, ended_at, end_reason, is_guest, is_prepaid, prepaid_minutes_left,
      hourly_rate, last_billed_at, billed_minutes, amount_charged)
      values (${`ses-${i}`}, ${`u-${i}`}, ${`wb-${i}`}, ${now}, null, null, 0, 0, null, 2000, ${now}, 0, 0)`.execute(db);
    if (i % 5 === 0) {
      await db
        .insertInto('customer_packages')
        .values({
          id: `pkg-${i}`,
          user_id: `u-${i}`,
          package_id: 'three',
          kind: 'time',
          name: '3 hours',
          group_ids: null,
          valid_from: now,
          valid_until: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          ms_left: 3 * 3_600_000,
          price: 4500,
          sold_at: now,
          sold_by: null,
          method: 'cash',
          shift_id: null,
        })
        .execute();
    }
  }
}

const silent = { error() {}, warn() {}, info() {} } as unknown as ConstructorParameters<typeof PricingService>[0]['log'];

/** The reads GET /pricing/meter made per call before (SessionService.meterSnapshot). */
async function oldMeterReads(db: Db, pricing: PricingService, sessionId: string): Promise<void> {
  const session = (await findSession(db, sessionId))!;
  const user = (await findUser(db, session.user_id))!;
  const play = { userId: user.id, stationId: session.station_id, user, baseRate: session.hourly_rate };
  const from = Date.parse(session.last_billed_at);
  await Promise.all([pricing.meter(db, play), pricing.held(db, user.id, from)]);
  void ((session.amount_charged + user.balance) * UNITS_PER_IQD);
}

interface Figure {
  way: string;
  round: number;
  perMs: number;
  loopBusyMs: number;
  readP50Ms: number;
  readP99Ms: number;
}

async function run(db: Db, way: 'heartbeat' | 'heartbeat + meter' | 'GET /pricing/meter reads', round: number, pricing: PricingService): Promise<Figure> {
  const all = beats();
  const schedule = new TrimSchedule();
  schedule.due(all.slice(0, STATIONS));
  let pending: PendingHeartbeat[] = [];
  const writes: Promise<void>[] = [];
  const reads: number[] = [];
  const commitOf = (beat: PendingHeartbeat) => {
    pending.push(beat);
    if (pending.length < BATCH) return Promise.resolve();
    const batch = pending;
    pending = [];
    const write = writeHeartbeats(db, batch, schedule.due(batch));
    writes.push(write);
    return write;
  };
  const one = async (beat: PendingHeartbeat, i: number) => {
    if (way === 'GET /pricing/meter reads') {
      const asked = performance.now();
      await oldMeterReads(db, pricing, `ses-${(i % STATIONS) + 1}`);
      reads.push(performance.now() - asked);
      return;
    }
    await db.selectFrom('stations').selectAll().where('id', '=', beat.body.stationId).executeTakeFirstOrThrow();
    if (way === 'heartbeat') {
      await commitOf(beat);
      return;
    }
    const asked = performance.now();
    await Promise.all([
      pricing.sessionMeter({ stationId: beat.body.stationId }).then((meter) => {
        if (!meter) throw new Error(`no meter for ${beat.body.stationId}`);
        reads.push(performance.now() - asked);
      }),
      commitOf(beat),
    ]);
  };
  const loopBefore = performance.eventLoopUtilization();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < all.length) {
        const i = next++;
        await one(all[i]!, i);
      }
    }),
  );
  if (pending.length) writes.push(writeHeartbeats(db, pending, schedule.due(pending)));
  await Promise.all(writes);
  const wall = performance.now() - started;
  const loop = performance.eventLoopUtilization(loopBefore);
  return {
    way,
    round,
    perMs: wall / all.length,
    loopBusyMs: loop.active / all.length,
    readP50Ms: reads.length ? percentile(reads, 50) : NaN,
    readP99Ms: reads.length ? percentile(reads, 99) : NaN,
  };
}

export async function benchHeartbeatMeter(rounds = 2): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-meter-'));
  const before = process.env.SPAWNPOINT_DB_THREAD;
  process.env.SPAWNPOINT_DB_THREAD = 'worker'; // the server's default: cheap reads on the event loop
  const figures: Figure[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const way of ['heartbeat', 'heartbeat + meter', 'GET /pricing/meter reads'] as const) {
        const db = await freshDb(dir, `${round}-${way.replace(/\W+/g, '-')}`);
        await seedPlay(db);
        const pricing = new PricingService({ db, clock: systemClock(), log: silent });
        figures.push(await run(db, way, round, pricing));
        await db.destroy();
      }
    }
  } finally {
    if (before === undefined) delete process.env.SPAWNPOINT_DB_THREAD;
    else process.env.SPAWNPOINT_DB_THREAD = before;
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--rounds');
  const rounds = at > 0 ? Number(process.argv[at + 1]) : 2;
  const { loadavg } = await import('node:os');
  for (const f of await benchHeartbeatMeter(rounds)) {
    const read = Number.isNaN(f.readP50Ms) ? '' : `; meter read p50 ${f.readP50Ms.toFixed(2)} / p99 ${f.readP99Ms.toFixed(2)} ms`;
    console.log(`${f.way} (round ${f.round}): ${(f.perMs * 1000).toFixed(0)} µs each, event loop busy ${(f.loopBusyMs * 1000).toFixed(0)} µs each${read}`);
  }
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}
