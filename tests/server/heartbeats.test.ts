/**
 * The heartbeat group commit (HeartbeatLog): one transaction per tick, and
 * still no heartbeat lost — every acknowledged heartbeat is in the database,
 * heartbeats arriving during a write go into the next batch, a bad one does
 * not cost its batch-mates theirs, close() writes what is pending — while
 * the connection stays synchronous = FULL for the money written beside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/server/db/connection.js';
import type { Db } from '../../src/server/db/schema.js';
import {
  HEARTBEAT_TRIM_EVERY,
  HEARTBEATS_KEPT_PER_STATION,
  HeartbeatLog,
  recentHeartbeats,
  TrimSchedule,
  type PendingHeartbeat,
} from '../../src/server/stations/heartbeats.js';

let dir: string;
let db: Db;
const STATIONS = 30;
const stationId = (n: number) => `st-${String(n).padStart(2, '0')}`;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-hb-'));
  db = openDatabase(join(dir, 'cafe.sqlite'));
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

const rowsOf = (n: number) =>
  db.selectFrom('heartbeats').select(['body', 'received_at']).where('station_id', '=', stationId(n)).orderBy('id').execute();

describe('HeartbeatLog (group commit)', () => {
  it('writes concurrent heartbeats of many stations in one transaction, each acknowledged only once committed', async () => {
    const log = new HeartbeatLog(db, { flushMs: 20 });
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

  it('puts heartbeats that arrive while a batch is being written into the next batch', async () => {
    const log = new HeartbeatLog(db, { flushMs: 1_000 });
    const first = log.record(beat(1, 1));
    const writing = log.flush();
    const second = log.record(beat(1, 2));
    const third = log.record(beat(2, 3));
    await writing;
    await first;
    expect(log.stats.batches).toBe(1);
    expect(log.queued).toBe(2);
    await log.flush();
    await Promise.all([second, third]);
    expect(log.stats).toEqual({ batches: 2, heartbeats: 3, failedBatches: 0 });
    expect((await rowsOf(1)).map((r) => r.received_at)).toEqual([new Date(1000).toISOString(), new Date(2000).toISOString()]);
    expect(await rowsOf(2)).toHaveLength(1);
  });

  it('refuses only the heartbeat that cannot be written; its batch-mates are kept', async () => {
    const log = new HeartbeatLog(db, { flushMs: 5 });
    const good = [log.record(beat(1, 1)), log.record(beat(2, 2))];
    const unknown = log.record({ ...beat(3, 3), body: { ...beat(3, 3).body, stationId: 'st-gone' } });
    const more = log.record(beat(4, 4));
    await expect(unknown).rejects.toThrow(/FOREIGN KEY/);
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
    const log = new HeartbeatLog(db, { flushMs: 60_000 });
    const pending = [log.record(beat(1, 1)), log.record(beat(2, 2))];
    expect(await rowsOf(1)).toHaveLength(0);
    await log.close();
    await Promise.all(pending);
    expect(await rowsOf(1)).toHaveLength(1);
    expect(await rowsOf(2)).toHaveLength(1);
    await log.record(beat(3, 3));
    expect(await rowsOf(3)).toHaveLength(1);
  });

  it('writes at once when the last commit is a tick old (a quiet cafe waits for nothing), else at the tick', async () => {
    const log = new HeartbeatLog(db, { flushMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 320));
    let started = performance.now();
    await log.record(beat(1, 1));
    expect(performance.now() - started).toBeLessThan(150);
    // Right after that commit, the next one waits for the tick.
    started = performance.now();
    await Promise.all([log.record(beat(2, 2)), log.record(beat(3, 3))]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(log.stats.batches).toBe(2);
  });

  it('writes a batch at once when it is full, without waiting for the tick', async () => {
    const log = new HeartbeatLog(db, { flushMs: 60_000, batchMax: 10 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => log.record(beat(1 + (i % 3), i))));
    expect(log.stats.batches).toBe(1);
  });

  it('keeps the newest 200 per station across batches', async () => {
    const log = new HeartbeatLog(db, { flushMs: 1 });
    for (let batch = 0; batch < 5; batch += 1) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => log.record(beat(1, batch * 50 + i))));
    }
    const rows = await rowsOf(1);
    expect(rows).toHaveLength(HEARTBEATS_KEPT_PER_STATION);
    expect(JSON.parse(rows[0]!.body).metadata.pcName).toBe('seq-50');
    expect(JSON.parse(rows.at(-1)!.body).metadata.pcName).toBe('seq-249');
  });

  it('trims a station back to 200 on its first heartbeat and then every 20th; readers never see more than 200', async () => {
    const log = new HeartbeatLog(db, { flushMs: 0 });
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
    const log = new HeartbeatLog(db, { flushMs: 1 });
    await log.record(beat(1, 1));
    const ip = () => db.selectFrom('stations').select('ip_address').where('id', '=', stationId(1)).executeTakeFirstOrThrow();
    expect((await ip()).ip_address).toBe('sentinel');
    // …a beat from a new address writes it.
    await log.record(beat(1, 2, '10.0.0.9'));
    expect((await ip()).ip_address).toBe('10.0.0.9');
  });

  it('leaves the connection synchronous = FULL in WAL mode, so a money write beside the batches is durable', async () => {
    const log = new HeartbeatLog(db, { flushMs: 1 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => log.record(beat(1 + (i % 5), i))));
    const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(synchronous.rows[0]?.synchronous).toBe(2); // 2 = FULL
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
  });
});
