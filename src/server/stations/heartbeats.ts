/**
 * Heartbeat log: every heartbeat is kept with its body, the last 200 per station.
 *
 * Heartbeats are written by group commit (`HeartbeatLog`): a heartbeat joins
 * the pending batch, and every tick (`HEARTBEAT_FLUSH_MS` after the first one
 * of a batch) the whole batch is written in ONE transaction — one commit, one
 * fsync, instead of one per heartbeat. A heartbeat is acknowledged only once
 * its batch has committed, so an answered heartbeat is on disk exactly as
 * before; the connection stays `synchronous = FULL` for every write (money
 * included). Each batch persists only what changed: the heartbeat rows, one
 * `last_heartbeat_at` per station (its newest), the IP only when it differs
 * from the stored one, and the trim to the last 200 per station.
 */
import type { HeartbeatBody } from '../../shared/api/routes.js';
import type { Db } from '../db/schema.js';

export const HEARTBEATS_KEPT_PER_STATION = 200;
/** How long the first heartbeat of a batch waits for others: the group-commit tick. */
export const HEARTBEAT_FLUSH_MS = 10;
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

/** Writes one batch in one transaction: rows, newest beat per station, changed IPs, the trim. */
export async function writeHeartbeats(db: Db, batch: readonly PendingHeartbeat[]): Promise<void> {
  if (batch.length === 0) return;
  const newest = new Map<string, PendingHeartbeat>();
  for (const beat of batch) newest.set(beat.body.stationId, beat);
  await db.transaction().execute(async (trx) => {
    // SQLite allows 32766 bound values; 3 per row leaves ample room for a batch.
    await trx
      .insertInto('heartbeats')
      .values(batch.map((b) => ({ station_id: b.body.stationId, received_at: b.receivedAt, body: JSON.stringify(b.body) })))
      .execute();
    for (const [stationId, beat] of newest) {
      const ip = beat.body.ipAddress || null;
      const ipChanged = beat.knownIp === undefined || beat.knownIp !== ip;
      await trx
        .updateTable('stations')
        .set(ipChanged ? { last_heartbeat_at: beat.receivedAt, ip_address: ip } : { last_heartbeat_at: beat.receivedAt })
        .where('id', '=', stationId)
        .execute();
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
  /** The batch being written, so close() and the next flush wait for it. */
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
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
      if (this.pending.length >= (this.options.batchMax ?? HEARTBEAT_BATCH_MAX)) this.flushSoon(0);
      else this.flushSoon(this.options.flushMs ?? HEARTBEAT_FLUSH_MS);
    });
  }

  /** Heartbeats waiting for the next tick. */
  get queued(): number {
    return this.pending.length;
  }

  private flushSoon(delay: number): void {
    if (this.timer && delay > 0) return;
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
    this.pending = [];
    this.waiters = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      const started = performance.now();
      try {
        await writeHeartbeats(this.db, batch);
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

export async function recentHeartbeats(db: Db, stationId: string, limit: number) {
  const rows = await db
    .selectFrom('heartbeats')
    .select(['station_id', 'received_at', 'body'])
    .where('station_id', '=', stationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    stationId: row.station_id,
    receivedAt: row.received_at,
    body: JSON.parse(row.body) as HeartbeatBody,
  }));
}
