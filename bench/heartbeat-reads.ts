/**
 * `npm run bench -- --only reads` (issue 27): what a heartbeat's read costs
 * while the group commit writes, in this process (no sockets, no HTTP), on the
 * server's file database (WAL, synchronous = FULL) — once with every read in
 * the worker thread (SPAWNPOINT_DB_THREAD=worker-only) and once with cheap
 * reads on the read-only connection on the event loop (the server's default),
 * alternating, `rounds` times each.
 *
 * Each of 2,000 heartbeats of 500 stations (each with a full log) is the
 * server's path: look the station up by key, then join the group commit, which
 * writes each batch of 10 in one transaction (trimmed every 20th, as the
 * server); 50 heartbeats are in flight at once. Per read: issue → rows
 * (p50/p99/max); per heartbeat: the wall time and the event loop's own busy
 * time (performance.eventLoopUtilization).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { TrimSchedule, writeHeartbeats, type PendingHeartbeat } from '../src/server/stations/heartbeats.js';
import { beats, freshDb } from './heartbeat-writes.js';
import { percentile } from './support.js';

const IN_FLIGHT = 50;
const BATCH = 10;

export interface ReadFigure {
  way: 'worker-only' | 'worker';
  round: number;
  readP50Ms: number;
  readP99Ms: number;
  readMaxMs: number;
  perHeartbeatMs: number;
  loopBusyPerHeartbeatMs: number;
  loopDelayMaxMs: number;
}

export async function benchHeartbeatReads(rounds = 2): Promise<ReadFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-reads-'));
  const before = process.env.SPAWNPOINT_DB_THREAD;
  const figures: ReadFigure[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const way of ['worker-only', 'worker'] as const) {
        process.env.SPAWNPOINT_DB_THREAD = way; // read by openDatabase
        const db = await freshDb(dir, `${way}-${round}`);
        const all = beats();
        const schedule = new TrimSchedule();
        schedule.due(all.slice(0, 500)); // the server trims each station once after a start
        let pending: PendingHeartbeat[] = [];
        const writes: Promise<void>[] = [];
        const reads: number[] = [];
        const heartbeat = async (beat: PendingHeartbeat) => {
          const asked = performance.now();
          await db.selectFrom('stations').selectAll().where('id', '=', beat.body.stationId).executeTakeFirstOrThrow();
          reads.push(performance.now() - asked);
          pending.push(beat);
          if (pending.length >= BATCH) {
            const batch = pending;
            pending = [];
            writes.push(writeHeartbeats(db, batch, schedule.due(batch)));
          }
        };
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const loopBefore = performance.eventLoopUtilization();
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: IN_FLIGHT }, async () => {
            while (next < all.length) await heartbeat(all[next++]!);
          }),
        );
        if (pending.length) writes.push(writeHeartbeats(db, pending, schedule.due(pending)));
        await Promise.all(writes);
        const wall = performance.now() - started;
        const loop = performance.eventLoopUtilization(loopBefore);
        await new Promise((resolve) => setTimeout(resolve, 5));
        delay.disable();
        await db.destroy();
        figures.push({
          way,
          round,
          readP50Ms: percentile(reads, 50),
          readP99Ms: percentile(reads, 99),
          readMaxMs: Math.max(...reads),
          perHeartbeatMs: wall / all.length,
          loopBusyPerHeartbeatMs: loop.active / all.length,
          loopDelayMaxMs: Math.max(0, delay.max / 1e6 - 1),
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
