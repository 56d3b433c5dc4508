/**
 * The heartbeat group commit (HeartbeatLog): one transaction per batch, the
 * next batch sent the moment the one in the database is answered (no timer:
 * an idle database writes a heartbeat at once), and still no heartbeat lost —
 * every acknowledged heartbeat is in the database, heartbeats arriving during
 * a write go into the next batch, a bad one does not cost its batch-mates
 * theirs, close() writes what is pending — while the connection stays
 * synchronous = FULL for the money written beside it. On PostgreSQL too
 * (vitest project node-pg).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/server/db/connection.js';
import type { Db } from '../../src/server/db/schema.js';
import {
  HEARTBEAT_TRIM_EVERY,
  HEARTBEATS_KEPT_PER_STATION,
  HeartbeatLog,
  recentHeartbeats,
  TrimSchedule,
  type BatchWriter,
  type PendingHeartbeat,
} from '../../src/server/stations/heartbeats.js';
import { freshDatabaseUrl, testingOnPostgres } from '../support/postgres.js';

let dir: string;
let db: Db;
const STATIONS = 30;
const stationId = (n: number) => `st-${String(n).padStart(2, '0')}`;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-hb-'));
  db = openDatabase(testingOnPostgres() ? await freshDatabaseUrl() : join(dir, 'cafe.sqlite'));
  await migrateToLatest(db);
  await db
    .insertInto('stations')
    .values(
      Array.from({ length: STATIONS }, (_, i) => ({
        id: stationId(i + 1),
        number: i + 1,
        name: `PC-${i + 1}`,
        mac_address: `02:00:00:00:00:${String(i + 1).padStart(2, '0')}`,
        group_id: null,
        status: 'available',
        ip_address: '10.0.0.1',
        last_heartbeat_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .execute();
});
afterEach(async () => {
  vi.useRealTimers();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const beat = (n: number, seq: number, ip = '10.0.0.1'): PendingHeartbeat => ({
  body: {
    stationId: stationId(n),
    ipAddress: ip,
    macAddress: `02:00:00:00:00:${String(n).padStart(2, '0')}`,
    metadata: { pcName: `seq-${seq}`, clientVersion: '1.0.0', timestamp: new Date(seq * 1000).toISOString() },
  },
  receivedAt: new Date(seq * 1000).toISOString(),
  knownIp: '10.0.0.1',
});

/** A writer that keeps each batch in "the database" until the test answers it. */
function heldWriter() {
  const held: { stations: string[]; commit: () => void; fail: (error: Error) => void }[] = [];
  const write: BatchWriter = (batch) =>
    new Promise<void>((resolve, reject) => held.push({ stations: batch.map((b) => b.body.stationId), commit: resolve, fail: reject }));
  return { held, write };
}

/** Lets every promise callback that can run now run (no timer involved). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

function watched(promise: Promise<void>) {
  const state = { answered: false, refused: null as unknown };
  promise.then(
    () => (state.answered = true),
    (error: unknown) => (state.refused = error),
  );
  return state;
}

const rowsOf = (n: number) =>
  db.selectFrom('heartbeats').select(['body', 'received_at']).where('station_id', '=', stationId(n)).orderBy('id').execute();

describe('HeartbeatLog (group commit)', () => {
  it('writes concurrent heartbeats of many stations in one transaction, each acknowledged only once committed', async () => {
    const log = new HeartbeatLog(db);
    const acknowledged: number[] = [];
    const all = Array.from({ length: 300 }, (_, i) => {
      const station = (i % STATIONS) + 1;
      return log.record(beat(station, i)).then(async () => {
        // Read-after-acknowledge: the row is there when the answer goes out.
        const rows = await rowsOf(station);
        expect(rows.map((r) => JSON.parse(r.body).metadata.pcName)).toContain(`seq-${i}`);
        acknowledged.push(i);
      });
    });
    expect(log.queued).toBe(300);
    await Promise.all(all);
    expect(acknowledged).toHaveLength(300);
    expect(log.stats).toEqual({ batches: 1, heartbeats: 300, failedBatches: 0 });
    const count = await db.selectFrom('heartbeats').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(300);
    // Each station's newest heartbeat is its last_heartbeat_at.
    const st1 = await db.selectFrom('stations').select('last_heartbeat_at').where('id', '=', stationId(1)).executeTakeFirstOrThrow();
    expect(st1.last_heartbeat_at).toBe(new Date(270 * 1000).toISOString());
  });

  it('puts heartbeats that arrive while a batch is being written into the next batch, sent as soon as it is answered', async () => {
    const log = new HeartbeatLog(db);
    const first = log.record(beat(1, 1));
    await Promise.resolve(); // the first batch has left for the database
    const second = log.record(beat(1, 2));
    const third = log.record(beat(2, 3));
    expect(log.queued).toBe(2);
    await Promise.all([first, second, third]);
    expect(log.stats).toEqual({ batches: 2, heartbeats: 3, failedBatches: 0 });
    expect(log.queued).toBe(0);
    expect((await rowsOf(1)).map((r) => r.received_at)).toEqual([new Date(1000).toISOString(), new Date(2000).toISOString()]);
    expect(await rowsOf(2)).toHaveLength(1);
  });

  it('waits for no timer: an idle database gets a heartbeat at once, and the next batch goes the moment the last is answered', async () => {
    vi.useFakeTimers(); // a timer in the commit path would never fire here
    const { held, write } = heldWriter();
    const log = new HeartbeatLog(db, { write });
    const first = watched(log.record(beat(1, 1)));
    await settle();
    expect(held.map((b) => b.stations)).toEqual([[stationId(1)]]);
    // While the first is in the database, the next ones gather; none is sent and none is answered.
    const second = watched(log.record(beat(2, 2)));
    const third = watched(log.record(beat(3, 3)));
    await settle();
    expect(held).toHaveLength(1);
    expect(log.queued).toBe(2);
    expect([first.answered, second.answered, third.answered]).toEqual([false, false, false]);
    // The first commits: it is answered, and the gathered ones go as one batch at once.
    held[0]!.commit();
    await settle();
    expect(first.answered).toBe(true);
    expect(held.map((b) => b.stations)).toEqual([[stationId(1)], [stationId(2), stationId(3)]]);
    expect([second.answered, third.answered]).toEqual([false, false]); // answered only once their batch committed
    held[1]!.commit();
    await settle();
    expect([second.answered, third.answered]).toEqual([true, true]);
    // Idle again: the next heartbeat goes at once too.
    const fourth = watched(log.record(beat(4, 4)));
    await settle();
    expect(held).toHaveLength(3);
    held[2]!.commit();
    await settle();
    expect(fourth.answered).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(log.stats).toEqual({ batches: 3, heartbeats: 4, failedBatches: 0 });
  });

  it('answers a heartbeat from the real database with every timer stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    const log = new HeartbeatLog(db);
    await log.record(beat(1, 1));
    await Promise.all([log.record(beat(2, 2)), log.record(beat(3, 3))]);
    vi.useRealTimers();
    expect(await rowsOf(1)).toHaveLength(1);
    expect(await rowsOf(3)).toHaveLength(1);
  });

  it('refuses only the heartbeat that cannot be written; its batch-mates are kept', async () => {
    const log = new HeartbeatLog(db);
    const good = [log.record(beat(1, 1)), log.record(beat(2, 2))];
    const unknown = log.record({ ...beat(3, 3), body: { ...beat(3, 3).body, stationId: 'st-gone' } });
    const more = log.record(beat(4, 4));
    await expect(unknown).rejects.toThrow(/foreign key/i);
    await Promise.all([...good, more]);
    expect(log.stats.failedBatches).toBe(1);
    expect(await rowsOf(1)).toHaveLength(1);
    expect(await rowsOf(2)).toHaveLength(1);
    expect(await rowsOf(4)).toHaveLength(1);
    // And the next batch goes through as one.
    await Promise.all([log.record(beat(5, 5)), log.record(beat(6, 6))]);
    expect(await rowsOf(5)).toHaveLength(1);
    expect(await rowsOf(6)).toHaveLength(1);
  });

  it('writes what is pending on close, and afterwards writes each heartbeat straight away', async () => {
    const { held, write } = heldWriter();
    const log = new HeartbeatLog(db, { write });
    const inDatabase = watched(log.record(beat(1, 1)));
    await settle();
    const pending = watched(log.record(beat(2, 2)));
    const closed = watched(log.close());
    await settle();
    expect(closed.answered).toBe(false); // a batch is still in the database
    held[0]!.commit();
    await settle();
    expect(held.map((b) => b.stations)).toEqual([[stationId(1)], [stationId(2)]]);
    expect(closed.answered).toBe(false);
    held[1]!.commit();
    await settle();
    expect([inDatabase.answered, pending.answered, closed.answered]).toEqual([true, true, true]);
    // After close, each heartbeat is written on its own, at once.
    const late = watched(log.record(beat(3, 3)));
    await settle();
    expect(held.map((b) => b.stations)).toHaveLength(3);
    held[2]!.commit();
    await settle();
    expect(late.answered).toBe(true);
  });

  it('close writes to the real database what is pending', async () => {
    const log = new HeartbeatLog(db);
    const pending = [log.record(beat(1, 1)), log.record(beat(2, 2))];
    await log.close();
    await Promise.all(pending);
    expect(await rowsOf(1)).toHaveLength(1);
    expect(await rowsOf(2)).toHaveLength(1);
    await log.record(beat(3, 3));
    expect(await rowsOf(3)).toHaveLength(1);
  });

  it('sends at most batchMax heartbeats in one batch; the rest go in the next ones', async () => {
    const { held, write } = heldWriter();
    const log = new HeartbeatLog(db, { write, batchMax: 10 });
    const all = Array.from({ length: 25 }, (_, i) => log.record(beat(1 + (i % 3), i)));
    for (const size of [10, 10, 5]) {
      await settle();
      expect(held.at(-1)!.stations).toHaveLength(size);
      held.at(-1)!.commit();
    }
    await Promise.all(all);
    expect(log.stats).toEqual({ batches: 3, heartbeats: 25, failedBatches: 0 });
  });

  it('keeps the newest 200 per station across batches', async () => {
    const log = new HeartbeatLog(db);
    for (let batch = 0; batch < 5; batch += 1) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => log.record(beat(1, batch * 50 + i))));
    }
    const rows = await rowsOf(1);
    expect(rows).toHaveLength(HEARTBEATS_KEPT_PER_STATION);
    expect(JSON.parse(rows[0]!.body).metadata.pcName).toBe('seq-50');
    expect(JSON.parse(rows.at(-1)!.body).metadata.pcName).toBe('seq-249');
  });

  it('trims a station back to 200 on its first heartbeat and then every 20th; readers never see more than 200', async () => {
    const log = new HeartbeatLog(db);
    for (let i = 0; i < 260; i += 1) {
      await log.record(beat(1, i));
      const rows = (await rowsOf(1)).length;
      expect(rows).toBeLessThan(HEARTBEATS_KEPT_PER_STATION + HEARTBEAT_TRIM_EVERY);
    }
    const recent = await recentHeartbeats(db, stationId(1), 500);
    expect(recent).toHaveLength(HEARTBEATS_KEPT_PER_STATION);
    expect(recent[0]!.body.metadata.pcName).toBe('seq-259');
    expect(recent.at(-1)!.body.metadata.pcName).toBe('seq-60');
    // Stations are scheduled apart: one due does not trim the others.
    const schedule = new TrimSchedule();
    expect([...schedule.due([beat(1, 1), beat(2, 2)])].sort()).toEqual([stationId(1), stationId(2)]);
    for (let i = 0; i < HEARTBEAT_TRIM_EVERY - 1; i += 1) expect(schedule.due([beat(1, i)]).size).toBe(0);
    expect([...schedule.due([beat(1, 99), beat(2, 99)])]).toEqual([stationId(1)]);
  });

  it('writes the IP only when it changed', async () => {
    // The stored IP is 10.0.0.1; a beat that still reports it leaves the column alone…
    await db.updateTable('stations').set({ ip_address: 'sentinel' }).where('id', '=', stationId(1)).execute();
    const log = new HeartbeatLog(db);
    await log.record(beat(1, 1));
    const ip = () => db.selectFrom('stations').select('ip_address').where('id', '=', stationId(1)).executeTakeFirstOrThrow();
    expect((await ip()).ip_address).toBe('sentinel');
    // …a beat from a new address writes it.
    await log.record(beat(1, 2, '10.0.0.9'));
    expect((await ip()).ip_address).toBe('10.0.0.9');
  });

  it.skipIf(testingOnPostgres())('leaves the connection synchronous = FULL in WAL mode, so a money write beside the batches is durable', async () => {
    const log = new HeartbeatLog(db);
    await Promise.all(Array.from({ length: 20 }, (_, i) => log.record(beat(1 + (i % 5), i))));
    const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(synchronous.rows[0]?.synchronous).toBe(2); // 2 = FULL
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
  });
});
