/**
 * Heartbeat log: every heartbeat is kept with its body, the last 200 per station.
 *
 * Heartbeats are written by group commit (`HeartbeatLog`), the natural kind
 * (as PostgreSQL's WAL writer does it): when the database is idle a heartbeat
 * is written at once; while one batch's transaction is in the database, the
 * heartbeats that arrive gather, and the moment that batch is answered they
 * go as the next batch — no timer anywhere, so a batch is as large as the
 * time one commit takes, and a quiet cafe waits for nothing. Each batch is
 * ONE transaction — one commit, one fsync — and a heartbeat is acknowledged
 * only once its batch has committed, so an answered heartbeat is on disk; the
 * connection stays `synchronous = FULL` for every write (money included).
 * Each batch persists only what changed: the heartbeat rows in one INSERT,
 * every station's newest `last_heartbeat_at` in one UPDATE, the IP only when
 * it differs from the stored one, and the trim back to the last 200 only for
 * the stations due one (`HEARTBEAT_TRIM_EVERY`).
 */
import { sql, type Compilable } from 'kysely';
import type { HeartbeatBody } from '../../shared/api/routes.js';
import { writeInOneTransaction } from '../db/one-transaction.js';
import type { Db } from '../db/schema.js';

export const HEARTBEATS_KEPT_PER_STATION = 200;
/**
 * A station's log is trimmed back to 200 on its first heartbeat after a
 * start and then every 20th: between trims it holds up to 219 rows, and
 * readers are never shown more than the newest 200.
 */
export const HEARTBEAT_TRIM_EVERY = 20;
/** At most this many heartbeats in one batch (3 bound values a row, far below SQLite's 32,766); the rest go next. */
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

/**
 * Writes one batch in one transaction: rows, newest beat per station, changed IPs, the trims due (default: all).
 * Every statement is known before the transaction starts (the trim finds its cutoff in a subquery), so on SQLite
 * in its thread the whole transaction is one message to the thread (`writeInOneTransaction`).
 */
export async function writeHeartbeats(
  db: Db,
  batch: readonly PendingHeartbeat[],
  trim: ReadonlySet<string> | 'all' = 'all',
): Promise<void> {
  if (batch.length === 0) return;
  const newest = new Map<string, PendingHeartbeat>();
  for (const beat of batch) newest.set(beat.body.stationId, beat);
  const stations = [...newest.keys()];
  // SQLite allows 32766 bound values; 3 per row leaves ample room for a batch.
  const statements: Compilable[] = [
    db.insertInto('heartbeats').values(batch.map((b) => ({ station_id: b.body.stationId, received_at: b.receivedAt, body: JSON.stringify(b.body) }))),
  ];
  // Each station's newest time, in one statement.
  const newestAt = sql<string>`case ${sql.ref('id')} ${sql.join(
    stations.map((id) => sql`when ${id} then ${newest.get(id)!.receivedAt}`),
    sql` `,
  )} end`;
  statements.push(db.updateTable('stations').set({ last_heartbeat_at: newestAt }).where('id', 'in', stations));
  for (const [stationId, beat] of newest) {
    const ip = beat.body.ipAddress || null;
    if (beat.knownIp !== undefined && beat.knownIp === ip) continue;
    statements.push(db.updateTable('stations').set({ ip_address: ip }).where('id', '=', stationId));
  }
  for (const stationId of trim === 'all' ? stations : stations.filter((id) => trim.has(id))) {
    // The 201st newest row and everything older go: an index seek on (station_id, id) to the cutoff, no set to
    // build; fewer than 201 rows, no cutoff (NULL), nothing deleted.
    const cutoff = db
      .selectFrom('heartbeats')
      .select('id')
      .where('station_id', '=', stationId)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(HEARTBEATS_KEPT_PER_STATION);
    statements.push(db.deleteFrom('heartbeats').where('station_id', '=', stationId).where('id', '<=', cutoff));
  }
  await writeInOneTransaction(db, statements);
}

/** How a batch is written (the database's by default; a test may hold a batch in the database to watch the next one gather). */
export type BatchWriter = (batch: readonly PendingHeartbeat[], trim: ReadonlySet<string> | 'all') => Promise<void>;

/**
 * Group commit of heartbeats. `record` resolves once the heartbeat is
 * committed (or rejects if it could not be written: that heartbeat was not
 * acknowledged, and its batch-mates and the next batch are unaffected).
 * Batches are written one after another, never two at once: the next starts
 * as soon as the one in the database is answered. `close` writes what is
 * pending. Nothing recorded before `close` is dropped.
 */
export class HeartbeatLog {
  private pending: PendingHeartbeat[] = [];
  private waiters: Waiter[] = [];
  /** A batch is in the database (or about to go, within this turn's microtasks). */
  private busy = false;
  /** Resolved each time the log has nothing pending and nothing in the database. */
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly trims = new TrimSchedule();
  private readonly write: BatchWriter;
  /** Batches and heartbeats written so far (for metrics and tests). */
  readonly stats = { batches: 0, heartbeats: 0, failedBatches: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: { batchMax?: number; onBatch?: (size: number, ms: number) => void; write?: BatchWriter } = {},
  ) {
    this.write = options.write ?? ((batch, trim) => writeHeartbeats(this.db, batch, trim));
  }

  record(beat: PendingHeartbeat): Promise<void> {
    if (this.closed) return this.write([beat], 'all');
    return new Promise<void>((resolve, reject) => {
      this.pending.push(beat);
      this.waiters.push({ resolve, reject });
      if (this.busy) return; // a batch is in the database: this one joins the next, sent the moment that one is answered
      this.busy = true;
      // Not a timer: the end of this turn's synchronous work, so heartbeats recorded together go together.
      queueMicrotask(() => this.next());
    });
  }

  /** Heartbeats waiting for the batch in the database to be answered. */
  get queued(): number {
    return this.pending.length;
  }

  /** Sends the next batch, if any; called when the log was idle and once each batch is answered. */
  private next(): void {
    if (this.pending.length === 0) {
      this.busy = false;
      const idle = this.idleWaiters;
      this.idleWaiters = [];
      idle.forEach((resolve) => resolve());
      return;
    }
    const max = this.options.batchMax ?? HEARTBEAT_BATCH_MAX;
    const batch = this.pending.splice(0, max);
    const waiters = this.waiters.splice(0, max);
    void this.writeBatch(batch, waiters).then(() => this.next());
  }

  /** One transaction for the batch; if it fails, each heartbeat alone, so only a bad one is refused. Never rejects. */
  private async writeBatch(batch: PendingHeartbeat[], waiters: Waiter[]): Promise<void> {
    const started = performance.now();
    try {
      await this.write(batch, this.trims.due(batch));
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
          await this.write([beat], 'all');
          this.stats.heartbeats += 1;
          waiters[i]!.resolve();
        } catch (single) {
          waiters[i]!.reject(single);
        }
      }
    }
  }

  /** Resolves once everything recorded so far is written (committed or refused) and no batch is in the database. */
  flush(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
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
