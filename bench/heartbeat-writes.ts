/**
 * `npm run bench -- --only writes`: what one heartbeat costs the database,
 * in this process (no sockets, no HTTP), on a file database in WAL mode with
 * synchronous = FULL — the server's settings.
 *
 * Issue 27: each way runs with the connection on the event loop
 * (SPAWNPOINT_DB_THREAD=main, as before: better-sqlite3 is synchronous, so the
 * database's time was the event loop's) and in its worker thread (the server
 * now), and beside the wall time per heartbeat it prints the event loop's own
 * busy time per heartbeat (performance.eventLoopUtilization, main thread only)
 * and the longest the loop was kept from turning (monitorEventLoopDelay max).
 *
 * The ways, same heartbeats (500 stations with a full log, 2,000 heartbeats):
 *   1. as before issue 16: one transaction per heartbeat, station row
 *      rewritten (time and IP), trimmed with `id NOT IN (newest 200)`;
 *   2. only what changed: one transaction per heartbeat, the IP written only
 *      when it differs, trimmed by an index seek to the 201st newest row;
 *   3. group commit (HeartbeatLog's writer): (2) for a whole batch in one
 *      transaction, station times in one UPDATE — batches of 10 (at 1,000
 *      heartbeats/s a 10 ms tick collects about 10) and 50;
 *   4. and the trim only every 20th heartbeat of a station (the server).
 * Then (issue 27) heartbeats arriving steadily, as from a cafe's stations, through
 * the group commit as it was (a 20 ms gathering tick) and as it is (the next batch
 * the moment the last is answered): each heartbeat's wait for its answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { migrateToLatest, openDatabase } from '../src/server/db/connection.js';
import type { Db } from '../src/server/db/schema.js';
import { percentile } from './support.js';
import {
  HEARTBEAT_TRIM_EVERY,
  HEARTBEATS_KEPT_PER_STATION,
  HeartbeatLog,
  TrimSchedule,
  writeHeartbeats,
  type PendingHeartbeat,
} from '../src/server/stations/heartbeats.js';

const STATIONS = 500;
const HEARTBEATS = 2_000;

export interface WriteFigure {
  name: string;
  /** Where the connection ran. */
  thread: 'main' | 'worker';
  perHeartbeatMs: number;
  heartbeatsPerSecond: number;
  /** The event loop's own busy time per heartbeat (main thread). */
  loopBusyPerHeartbeatMs: number;
  /** The longest the event loop was kept from turning during the run. */
  loopDelayMaxMs: number;
}

/** The heartbeat write as it was before issue 16 (kept here only to measure against). */
async function writeAsBefore(db: Db, beat: PendingHeartbeat): Promise<void> {
  const { body, receivedAt } = beat;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('heartbeats').values({ station_id: body.stationId, received_at: receivedAt, body: JSON.stringify(body) }).execute();
    await trx
      .updateTable('stations')
      .set({ last_heartbeat_at: receivedAt, ip_address: body.ipAddress || null })
      .where('id', '=', body.stationId)
      .execute();
    const keep = trx
      .selectFrom('heartbeats')
      .select('id')
      .where('station_id', '=', body.stationId)
      .orderBy('id', 'desc')
      .limit(HEARTBEATS_KEPT_PER_STATION);
    await trx.deleteFrom('heartbeats').where('station_id', '=', body.stationId).where('id', 'not in', keep).execute();
  });
}

export function beats(): PendingHeartbeat[] {
  return Array.from({ length: HEARTBEATS }, (_, i) => {
    const station = `wb-${(i % STATIONS) + 1}`;
    const at = new Date(Date.UTC(2026, 0, 1) + i * 20).toISOString();
    return {
      body: {
        stationId: station,
        ipAddress: '10.0.0.1',
        macAddress: '02:00:00:00:00:01',
        metadata: { pcName: station, clientVersion: '1.0.0', timestamp: at },
      },
      receivedAt: at,
      knownIp: '10.0.0.1',
    };
  });
}

export async function freshDb(dir: string, name: string): Promise<Db> {
  const db = openDatabase(join(dir, `${name}.sqlite`));
  await migrateToLatest(db);
  const now = new Date().toISOString();
  for (let i = 0; i < STATIONS; i += 250) {
    await db
      .insertInto('stations')
      .values(
        Array.from({ length: 250 }, (_, k) => ({
          id: `wb-${i + k + 1}`,
          number: 5000 + i + k,
          name: `WB-${i + k + 1}`,
          mac_address: `0B:00:00:00:${String(Math.floor((i + k) / 100)).padStart(2, '0')}:${String((i + k) % 100).padStart(2, '0')}`,
          group_id: null,
          status: 'available',
          ip_address: '10.0.0.1',
          last_heartbeat_at: null,
          created_at: now,
        })),
      )
      .execute();
  }
  // Every station already has a full history, as in a cafe that has run for a while.
  const history = beats();
  for (let round = 0; round < HEARTBEATS_KEPT_PER_STATION / (HEARTBEATS / STATIONS); round += 1) {
    for (let i = 0; i < history.length; i += 500) await writeHeartbeats(db, history.slice(i, i + 500), new Set());
  }
  return db;
}

export async function benchHeartbeatWrites(): Promise<WriteFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-writes-'));
  const figures: WriteFigure[] = [];
  const before = process.env.SPAWNPOINT_DB_THREAD;
  const run = async (thread: 'main' | 'worker', name: string, write: (db: Db, all: PendingHeartbeat[]) => Promise<void>) => {
    process.env.SPAWNPOINT_DB_THREAD = thread; // read by openDatabase
    const db = await freshDb(dir, String(figures.length));
    const all = beats();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const loopBefore = performance.eventLoopUtilization();
    const started = performance.now();
    await write(db, all);
    const ms = performance.now() - started;
    const loop = performance.eventLoopUtilization(loopBefore);
    // One more turn, so a loop blocked until now is sampled too: with the connection on the event loop, every
    // statement's promise settles in the same turn and the loop may not have turned once during the whole run.
    await new Promise((resolve) => setTimeout(resolve, 5));
    delay.disable();
    await db.destroy();
    figures.push({
      name,
      thread,
      perHeartbeatMs: ms / all.length,
      heartbeatsPerSecond: (all.length / ms) * 1000,
      loopBusyPerHeartbeatMs: loop.active / all.length,
      loopDelayMaxMs: Math.max(0, delay.max / 1e6 - 1),
    });
  };
  try {
    // The ways before issue 16, on the event loop as they ran then.
    await run('main', 'one transaction per heartbeat, as before', async (db, all) => {
      for (const beat of all) await writeAsBefore(db, beat);
    });
    await run('main', 'group commit, batches of 10, every station trimmed each time', async (db, all) => {
      for (let i = 0; i < all.length; i += 10) await writeHeartbeats(db, all.slice(i, i + 10));
    });
    // The server's ways, on the event loop and in the worker thread.
    for (const thread of ['main', 'worker'] as const) {
      await run(thread, 'one transaction per heartbeat, only what changed', async (db, all) => {
        for (const beat of all) await writeHeartbeats(db, [beat]);
      });
      for (const size of [10, 50]) {
        await run(thread, `group commit, batches of ${size}, trimmed every ${HEARTBEAT_TRIM_EVERY}th (the server)`, async (db, all) => {
          const schedule = new TrimSchedule();
          schedule.due(all.slice(0, STATIONS)); // the server trims each station once after a start
          for (let i = 0; i < all.length; i += size) {
            const batch = all.slice(i, i + size);
            await writeHeartbeats(db, batch, schedule.due(batch));
          }
        });
      }
    }
  } finally {
    if (before === undefined) delete process.env.SPAWNPOINT_DB_THREAD;
    else process.env.SPAWNPOINT_DB_THREAD = before;
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/** Steady arrivals (issue 27): how long a heartbeat waits for its answer under a group commit, at a cafe's rate. */
export interface ArrivalFigure {
  way: 'tick' | 'natural';
  /** Heartbeats a second (20 s apart per station: stations = rate × 20). */
  rate: number;
  heartbeats: number;
  /** record → answered (committed), ms. */
  waitP50Ms: number;
  waitP99Ms: number;
  waitMaxMs: number;
  commitsPerSecond: number;
  loopBusyPerHeartbeatMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** Anything with HeartbeatLog's `record` and `close`. */
interface Log {
  record(beat: PendingHeartbeat): Promise<void>;
  close(): Promise<void>;
  readonly stats: { batches: number };
}

/**
 * The group commit as it was before (kept here only to measure against): heartbeats gather until 20 ms after the
 * last batch started (at once if that is longer ago), then one transaction; one batch in the database at a time.
 */
class TickLog implements Log {
  private pending: PendingHeartbeat[] = [];
  private waiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private lastFlush = performance.now();
  private readonly trims = new TrimSchedule();
  readonly stats = { batches: 0 };

  constructor(private readonly db: Db) {}

  record(beat: PendingHeartbeat): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push(beat);
      this.waiters.push({ resolve, reject });
      if (!this.timer) this.timer = setTimeout(() => void this.flush(), Math.max(0, 20 - (performance.now() - this.lastFlush)));
    });
  }

  private flush(): Promise<void> {
    this.timer = null;
    const batch = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    if (batch.length === 0) return this.writing;
    this.lastFlush = performance.now();
    this.writing = this.writing.then(async () => {
      try {
        await writeHeartbeats(this.db, batch, this.trims.due(batch));
        this.stats.batches += 1;
        waiters.forEach((w) => w.resolve());
      } catch (error) {
        waiters.forEach((w) => w.reject(error));
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }
}

/**
 * Heartbeats arriving steadily at `rate` a second for `seconds`, through the 20 ms tick (before) and the natural group
 * commit (now), alternating, each on a fresh file database (500 stations with full logs) with the connection in its
 * thread as the server runs it; each station's first heartbeat (its trim after a start) is written before measuring.
 */
export async function benchHeartbeatArrivals(rates: readonly number[] = [250, 800], seconds = 10): Promise<ArrivalFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-arrivals-'));
  const figures: ArrivalFigure[] = [];
  try {
    for (const rate of rates) {
      for (const way of ['tick', 'natural'] as const) {
        const db = await freshDb(dir, `${way}-${rate}`);
        const log: Log = way === 'tick' ? new TickLog(db) : new HeartbeatLog(db);
        const template = beats();
        await Promise.all(template.slice(0, STATIONS).map((b) => log.record(b)));
        const batchesBefore = log.stats.batches;
        const total = Math.round(rate * seconds);
        const waits: number[] = [];
        const answers: Promise<void>[] = [];
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const loopBefore = performance.eventLoopUtilization();
        const started = performance.now();
        let sent = 0;
        await new Promise<void>((done) => {
          const tick = () => {
            const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
            for (; sent < due; sent += 1) {
              const beat = template[sent % template.length]!;
              const at = performance.now();
              answers.push(log.record(beat).then(() => void waits.push(performance.now() - at)));
            }
            if (sent < total) setTimeout(tick, 1);
            else done();
          };
          tick();
        });
        await Promise.all(answers);
        const wall = performance.now() - started;
        const loop = performance.eventLoopUtilization(loopBefore);
        delay.disable();
        await log.close();
        await db.destroy();
        figures.push({
          way,
          rate,
          heartbeats: waits.length,
          waitP50Ms: percentile(waits, 50),
          waitP99Ms: percentile(waits, 99),
          waitMaxMs: Math.max(...waits),
          commitsPerSecond: ((log.stats.batches - batchesBefore) / wall) * 1000,
          loopBusyPerHeartbeatMs: loop.active / waits.length,
          loopDelayP99Ms: Math.max(0, delay.percentile(99) / 1e6 - 1),
          loopDelayMaxMs: Math.max(0, delay.max / 1e6 - 1),
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
