/**
 * Coordination of the nodes sharing one PostgreSQL database (issue 16).
 * Liveness without timeouts: each server instance keeps one connection of its
 * own open with `application_name = spawnpoint:<instance>`; an instance is
 * alive exactly while that connection is in `pg_stat_activity` — a node that
 * is killed (or loses the database) drops it at once, so a survivor accepts
 * its stations' reconnections at once, not after a silence. Three small
 * tables, created by the first node under an advisory lock (they are the
 * cluster's working state, not the cafe's data: no migration, no copy):
 *   - spawnpoint_ticks: per job, the last slot claimed and by whom — a
 *     conditional upsert, so exactly one node wins each slot, and whoever is
 *     alive wins the next one (a node that stops simply stops claiming);
 *   - spawnpoint_station_sockets: which instance holds each station's socket
 *     (one connection per station, across nodes; "is it connected" for
 *     presence, the room and the operator's list);
 *   - spawnpoint_register: a shared key → value register (what friends were
 *     last told of each user, so that any node announces the next change);
 *   - spawnpoint_budgets (UNLOGGED: counters, lost on a database crash like
 *     a node's memory would be): request budgets, one batched upsert per
 *     event-loop turn.
 * The node that wins the periodic sweep removes the socket records of dead
 * instances and tells its listeners which stations lost their connection.
 * (Connect the nodes to PostgreSQL directly or through a session pooler: a
 * transaction pooler would not keep the presence connection.)
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type * as PgModule from 'pg';
import { loadPg } from '../db/connection.js';
import type { Db } from '../db/schema.js';
import type { BudgetStore } from '../http/budgets.js';
import type { Coordination } from './coordination.js';

export const CLUSTER_TABLES = ['spawnpoint_ticks', 'spawnpoint_station_sockets', 'spawnpoint_budgets', 'spawnpoint_register'] as const;
/** pg_advisory_xact_lock key: nodes starting together create the tables once. */
const CREATE_LOCK = 0x53504e32;

export interface PostgresCoordinationOptions {
  /** How often the sweep of dead instances runs, and the presence connection is re-opened after a loss; default 5 s. */
  beatMs?: number;
}

/** A unique name for this server instance: the node id (several test servers share one host name) plus a suffix. */
export function instanceName(nodeId: string): string {
  return `${nodeId.slice(0, 40)}/${randomUUID().slice(0, 8)}`;
}

/** The application_name of an instance's presence connection (at most 63 bytes). */
export const presenceName = (instance: string) => `spawnpoint:${instance}`;

/** SQL: the instance in column `column` is alive. */
const alive = (column: string) =>
  sql`exists (select 1 from pg_stat_activity a where a.application_name = 'spawnpoint:' || ${sql.ref(column)})`;

async function createTables(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CREATE_LOCK})`.execute(trx);
    await sql`create table if not exists spawnpoint_ticks (
      job text primary key, slot bigint not null, instance text not null, at timestamptz not null default now())`.execute(trx);
    await sql`create table if not exists spawnpoint_station_sockets (
      station_id text primary key, instance text not null, socket_id text not null, since timestamptz not null default now())`.execute(trx);
    await sql`create table if not exists spawnpoint_register (key text primary key, value text not null)`.execute(trx);
    await sql`create unlogged table if not exists spawnpoint_budgets (
      id text primary key, count integer not null, reset_at timestamptz not null)`.execute(trx);
  });
}

interface PendingHit {
  id: string;
  windowMs: number;
  resolve: (answer: { count: number; resetInMs: number }) => void;
  reject: (error: unknown) => void;
}

/** Request budgets in one UNLOGGED table: the hits of one event-loop turn go in one statement. */
class PostgresBudgets implements BudgetStore {
  private queue: PendingHit[] = [];
  private flushing = false;

  constructor(private readonly db: Db) {}

  hit(id: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id, windowMs, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      // One row per key (an upsert may touch a row once): n tries of it at once.
      const perKey = new Map<string, { n: number; windowMs: number }>();
      for (const hit of batch) {
        const entry = perKey.get(hit.id);
        if (entry) entry.n++;
        else perKey.set(hit.id, { n: 1, windowMs: hit.windowMs });
      }
      const ids = [...perKey.keys()];
      try {
        const { rows } = await sql<{ id: string; count: number; left_ms: number }>`
          insert into spawnpoint_budgets as b (id, count, reset_at)
          select t.id, t.n, now() + t.w * interval '1 millisecond'
            from unnest(${ids}::text[], ${ids.map((id) => perKey.get(id)?.n ?? 1)}::int[], ${ids.map((id) => perKey.get(id)?.windowMs ?? 0)}::int[]) as t(id, n, w)
          on conflict (id) do update set
            count = case when b.reset_at <= now() then excluded.count else b.count + excluded.count end,
            reset_at = case when b.reset_at <= now() then excluded.reset_at else b.reset_at end
          returning b.id, b.count, greatest(0, extract(epoch from (b.reset_at - now())) * 1000)::float8 as left_ms`.execute(this.db);
        const after = new Map(rows.map((r) => [r.id, r]));
        // The batch's tries of one key are numbered in arrival order up to the count now stored.
        const seen = new Map<string, number>();
        for (const hit of batch) {
          const row = after.get(hit.id);
          const n = perKey.get(hit.id)?.n ?? 1;
          const index = seen.get(hit.id) ?? 0;
          seen.set(hit.id, index + 1);
          if (!row) hit.reject(new Error(`budget ${hit.id} not counted`));
          else hit.resolve({ count: Number(row.count) - n + index + 1, resetInMs: Number(row.left_ms) });
        }
      } catch (error) {
        for (const hit of batch) hit.reject(error);
      }
    }
    this.flushing = false;
  }
}

export async function postgresCoordination(
  db: Db,
  url: string,
  nodeId: string,
  log: FastifyBaseLogger,
  options: PostgresCoordinationOptions = {},
): Promise<Coordination> {
  const beatMs = options.beatMs ?? 5000;
  const instance = instanceName(nodeId);
  /** The stations whose socket this instance holds (re-recorded when the presence connection comes back). */
  const local = new Map<string, string>();
  const lostListeners: ((stationIds: string[]) => void)[] = [];
  const takenListeners: ((stationId: string, socketId: string) => void)[] = [];
  await createTables(db);

  const claim = async (job: string, slot: number, claimOptions: { staleMs?: number } = {}): Promise<boolean> => {
    const staleMs = claimOptions.staleMs ?? 60_000;
    // A higher slot than the last one claimed wins it. A lower one wins only when the last claim is stale (a node
    // whose clock ran ahead stopped): then the survivors' clock takes over.
    const { rows } = await sql<{ instance: string }>`
      insert into spawnpoint_ticks as t (job, slot, instance, at) values (${job}, ${slot}, ${instance}, now())
      on conflict (job) do update set slot = excluded.slot, instance = excluded.instance, at = excluded.at
        where t.slot < excluded.slot or (t.slot <> excluded.slot and t.at < now() - ${staleMs} * interval '1 millisecond')
      returning t.instance`.execute(db);
    return rows.length === 1;
  };

  /** One atomic upsert: the station is ours unless a live instance other than this one holds it. */
  const record = async (stationId: string, socketId: string): Promise<boolean> => {
    const { rows } = await sql<{ station_id: string }>`
      insert into spawnpoint_station_sockets as s (station_id, instance, socket_id, since)
        values (${stationId}, ${instance}, ${socketId}, now())
      on conflict (station_id) do update set instance = excluded.instance, socket_id = excluded.socket_id, since = excluded.since
        where s.instance = excluded.instance or not ${alive('s.instance')}
      returning s.station_id`.execute(db);
    return rows.length === 1;
  };

  // The presence connection: open while this instance lives.
  let presence: PgModule.Client | undefined;
  let closed = false;
  let reopen: NodeJS.Timeout | undefined;
  const connectPresence = async (): Promise<void> => {
    const client = new (loadPg().Client)({ connectionString: url, application_name: presenceName(instance) });
    client.on('error', (error) => log.warn({ err: error }, 'cluster presence connection error'));
    client.on('end', () => {
      if (presence !== client || closed) return;
      presence = undefined;
      log.warn('cluster presence connection lost: peers take this node for stopped until it is back');
      reopen = setTimeout(() => void comeBack(), beatMs);
      reopen.unref();
    });
    await client.connect();
    presence = client;
  };
  /** Back after a loss: take our stations again; a station another node took meanwhile is not ours any more. */
  const comeBack = async (): Promise<void> => {
    if (closed) return;
    try {
      await connectPresence();
      for (const [stationId, socketId] of [...local]) {
        if (await record(stationId, socketId)) continue;
        local.delete(stationId);
        for (const listener of takenListeners) listener(stationId, socketId);
      }
    } catch (error) {
      log.warn({ err: error }, 'cluster presence connection not back yet');
      reopen = setTimeout(() => void comeBack(), beatMs);
      reopen.unref();
    }
  };
  await connectPresence();

  const sweep = async (): Promise<void> => {
    if (!(await claim('sweep-dead-nodes', Math.floor(Date.now() / beatMs), { staleMs: 2 * beatMs }))) return;
    const { rows } = await sql<{ station_id: string }>`
      delete from spawnpoint_station_sockets s where not ${alive('s.instance')} returning s.station_id`.execute(db);
    await sql`delete from spawnpoint_budgets where reset_at < now() - interval '1 minute'`.execute(db);
    const lost = rows.map((r) => r.station_id).filter((id) => !local.has(id));
    if (lost.length === 0) return;
    log.warn({ stations: lost.length }, 'stations of a node that stopped are disconnected');
    for (const listener of lostListeners) listener(lost);
  };
  let busy = false;
  const timer = setInterval(() => {
    if (busy || !presence) return;
    busy = true;
    sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'cluster sweep failed'))
      .finally(() => {
        busy = false;
      });
  }, beatMs);
  timer.unref();

  return {
    instance,
    claim,
    async holdStation(stationId, socketId) {
      const held = await record(stationId, socketId);
      if (held) local.set(stationId, socketId);
      return held;
    },
    async releaseStation(stationId, socketId) {
      if (local.get(stationId) === socketId) local.delete(stationId);
      await sql`delete from spawnpoint_station_sockets
        where station_id = ${stationId} and instance = ${instance} and socket_id = ${socketId}`.execute(db);
    },
    async connectedElsewhere(stationIds) {
      if (stationIds && stationIds.length === 0) return new Set();
      const { rows } = await sql<{ station_id: string }>`
        select s.station_id from spawnpoint_station_sockets s
         where s.instance <> ${instance} and ${alive('s.instance')}
           ${stationIds ? sql`and s.station_id = any(${[...stationIds]}::text[])` : sql``}`.execute(db);
      return new Set(rows.map((r) => r.station_id));
    },
    exchange(key, value) {
      // The old value under the row lock (a concurrent exchange waits, then reads this one's value), the new one written.
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ value: string }>`select value from spawnpoint_register where key = ${key} for update`.execute(trx);
        await sql`insert into spawnpoint_register (key, value) values (${key}, ${value})
          on conflict (key) do update set value = excluded.value`.execute(trx);
        return rows[0]?.value ?? null;
      });
    },
    budgetStore: new PostgresBudgets(db),
    onStationsLost(listener) {
      lostListeners.push(listener);
    },
    onStationTaken(listener) {
      takenListeners.push(listener);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(reopen);
      local.clear();
      // Gone at once: the survivors take its stations' reconnections now.
      try {
        await sql`delete from spawnpoint_station_sockets where instance = ${instance}`.execute(db);
      } catch (error) {
        log.warn({ err: error }, 'could not leave the cluster cleanly');
      }
      const client = presence;
      presence = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
