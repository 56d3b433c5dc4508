/**
 * Heartbeat log: every heartbeat is kept with its body, the last 200 per station.
 *
 * Heartbeats are written by group commit (`HeartbeatLog`): a heartbeat joins
 * the pending batch, and every tick (`HEARTBEAT_FLUSH_MS` after the first one
 * of a batch) the whole batch is written in ONE transaction — one commit, one
 * fsync, instead of one per heartbeat. A heartbeat is acknowledged only once
 * its batch has committed, so an answered heartbeat is on disk exactly as
 * before; the connection stays `synchronous = FULL` for every write (money
 * included). Each batch persists only what changed: the heartbeat rows in one
 * INSERT, every station's newest `last_heartbeat_at` in one UPDATE, the IP
 * only when it differs from the stored one, and the trim back to the last 200
 * only for the stations due one (`HEARTBEAT_TRIM_EVERY`).
 */
import { sql } from 'kysely';
import type { HeartbeatBody } from '../../shared/api/routes.js';
import type { Db } from '../db/schema.js';

export const HEARTBEATS_KEPT_PER_STATION = 200;
/**
 * A station's log is trimmed back to 200 on its first heartbeat after a
 * start and then every 20th: between trims it holds up to 219 rows, and
 * readers are never shown more than the newest 200.
 */
export const HEARTBEAT_TRIM_EVERY = 20;
/**
 * The group-commit tick: at most one commit per tick. A heartbeat arriving
 * a tick or more after the last commit is written at once (a quiet cafe waits
 * for nothing); under load, heartbeats gather until the tick is up. It bounds
 * the commits (and fsyncs, which run in the database's worker thread since
 * issue 27 but still queue every statement behind them) to 50 a second
 * whatever the load, for at most 20 ms added to an answer.
 */
export const HEARTBEAT_FLUSH_MS = 20;
/** A batch this large is written at once, without waiting for the tick. */
export const HEARTBEAT_BATCH_MAX = 2_000;

export interface PendingHeartbeat {
  body: HeartbeatBody;
  receivedAt: string;
  /** The station's stored IP when the heartbeat arrived (undefined: unknown, write it). */
  knownIp?: string | null;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Which stations are due a trim: every station the first time, then every HEARTBEAT_TRIM_EVERY-th heartbeat. */
export class TrimSchedule {
  private readonly sinceTrim = new Map<string, number>();

  /** Counts a batch's heartbeats; returns the stations to trim now. */
  due(batch: readonly PendingHeartbeat[]): Set<string> {
    const due = new Set<string>();
    for (const { body } of batch) {
      const seen = this.sinceTrim.get(body.stationId);
      const next = seen === undefined ? HEARTBEAT_TRIM_EVERY : seen + 1;
      if (next >= HEARTBEAT_TRIM_EVERY) due.add(body.stationId);
      this.sinceTrim.set(body.stationId, next);
    }
    for (const stationId of due) this.sinceTrim.set(stationId, 0);
    return due;
  }
}

/** Writes one batch in one transaction: rows, newest beat per station, changed IPs, the trims due (default: all). */
export async function writeHeartbeats(
  db: Db,
  batch: readonly PendingHeartbeat[],
  trim: ReadonlySet<string> | 'all' = 'all',
): Promise<void> {
  if (batch.length === 0) return;
  const newest = new Map<string, PendingHeartbeat>();
  for (const beat of batch) newest.set(beat.body.stationId, beat);
  await db.transaction().execute(async (trx) => {
    // SQLite allows 32766 bound values; 3 per row leaves ample room for a batch.
    await trx
      .insertInto('heartbeats')
      .values(batch.map((b) => ({ station_id: b.body.stationId, received_at: b.receivedAt, body: JSON.stringify(b.body) })))
      .execute();
    // Each station's newest time, in one statement.
    const stations = [...newest.keys()];
    const newestAt = sql<string>`case ${sql.ref('id')} ${sql.join(
      stations.map((id) => sql`when ${id} then ${newest.get(id)!.receivedAt}`),
      sql` `,
    )} end`;
    await trx.updateTable('stations').set({ last_heartbeat_at: newestAt }).where('id', 'in', stations).execute();
    for (const [stationId, beat] of newest) {
      const ip = beat.body.ipAddress || null;
      if (beat.knownIp !== undefined && beat.knownIp === ip) continue;
      await trx.updateTable('stations').set({ ip_address: ip }).where('id', '=', stationId).execute();
    }
    for (const stationId of trim === 'all' ? stations : stations.filter((id) => trim.has(id))) {
      // The 201st newest row and everything older go; an index seek on (station_id, id), no set to build.
      const cutoff = await trx
        .selectFrom('heartbeats')
        .select('id')
        .where('station_id', '=', stationId)
        .orderBy('id', 'desc')
        .limit(1)
        .offset(HEARTBEATS_KEPT_PER_STATION)
        .executeTakeFirst();
      if (cutoff) {
        await trx.deleteFrom('heartbeats').where('station_id', '=', stationId).where('id', '<=', cutoff.id).execute();
      }
    }
  });
}

/**
 * Group commit of heartbeats. `record` resolves once the heartbeat is
 * committed (or rejects if its batch failed: that heartbeat was not
 * acknowledged, and the next batch is unaffected). `close` writes what is
 * pending. Nothing recorded before `close` is dropped.
 */
export class HeartbeatLog {
  private pending: PendingHeartbeat[] = [];
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private timerDelay = 0;
  /** The batch being written, so close() and the next flush wait for it. */
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  /** When the last batch started to be written. */
  private lastFlush = performance.now();
  private readonly trims = new TrimSchedule();
  /** Batches and heartbeats written so far (for metrics and tests). */
  readonly stats = { batches: 0, heartbeats: 0, failedBatches: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: { flushMs?: number; batchMax?: number; onBatch?: (size: number, ms: number) => void } = {},
  ) {}

  record(beat: PendingHeartbeat): Promise<void> {
    if (this.closed) return writeHeartbeats(this.db, [beat]);
    return new Promise<void>((resolve, reject) => {
      this.pending.push(beat);
      this.waiters.push({ resolve, reject });
      const tick = this.options.flushMs ?? HEARTBEAT_FLUSH_MS;
      if (this.pending.length >= (this.options.batchMax ?? HEARTBEAT_BATCH_MAX)) this.flushSoon(0);
      else this.flushSoon(Math.max(0, tick - (performance.now() - this.lastFlush)));
    });
  }

  /** Heartbeats waiting for the next tick. */
  get queued(): number {
    return this.pending.length;
  }

  private flushSoon(delay: number): void {
    if (this.timer && (delay > 0 || this.timerDelay === 0)) return;
    this.timerDelay = delay;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Writes the pending batch now (after any batch being written); resolves when it is committed or failed. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.pending;
    const waiters = this.waiters;
    if (batch.length > 0) this.lastFlush = performance.now();
    this.pending = [];
    this.waiters = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      const started = performance.now();
      try {
        await writeHeartbeats(this.db, batch, this.trims.due(batch));
        this.stats.batches += 1;
        this.stats.heartbeats += batch.length;
        this.options.onBatch?.(batch.length, performance.now() - started);
        waiters.forEach((w) => w.resolve());
      } catch (error) {
        this.stats.failedBatches += 1;
        if (batch.length === 1) return waiters[0]!.reject(error);
        // One bad heartbeat (a station deleted meanwhile) must not cost its batch-mates theirs: write each alone.
        for (const [i, beat] of batch.entries()) {
          try {
            await writeHeartbeats(this.db, [beat]);
            this.stats.heartbeats += 1;
            waiters[i]!.resolve();
          } catch (single) {
            waiters[i]!.reject(single);
          }
        }
      }
    });
    return this.writing;
  }

  /** Writes everything pending; later records are written one by one. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}

/** One heartbeat, written on its own (tools and tests; the server goes through HeartbeatLog). */
export async function recordHeartbeat(db: Db, body: HeartbeatBody, receivedAt: string): Promise<void> {
  await writeHeartbeats(db, [{ body, receivedAt }]);
}

/** The newest heartbeats of a station, at most the 200 kept. */
export async function recentHeartbeats(db: Db, stationId: string, limit: number) {
  const rows = await db
    .selectFrom('heartbeats')
    .select(['station_id', 'received_at', 'body'])
    .where('station_id', '=', stationId)
    .orderBy('id', 'desc')
    .limit(Math.min(limit, HEARTBEATS_KEPT_PER_STATION))
    .execute();
  return rows.map((row) => ({
    stationId: row.station_id,
    receivedAt: row.received_at,
    body: JSON.parse(row.body) as HeartbeatBody,
  }));
}
