/** The service-calls domain's queries: calls as staff see them (serviceCallSchema), placing and working one. */
import type { Insertable } from 'kysely';
import type { ServiceCall, ServiceCallStatus } from '../../shared/api/admin-store.js';
import type { Db } from '../db/schema.js';
import type { ServiceCallTable } from '../db/tables/store.js';

function query(db: Db) {
  return db
    .selectFrom('service_calls as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('stations as s', 's.id', 'c.station_id')
    .select([
      'c.id',
      'c.type',
      'c.station_id',
      's.number as station_number',
      'c.user_id',
      'u.username',
      'c.is_guest',
      'c.message',
      'c.status',
      'c.created_at',
      'c.acknowledged_at',
      'c.acknowledged_by',
      'c.resolved_at',
      'c.resolved_by',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

function toServiceCall(row: Row): ServiceCall {
  return {
    id: row.id,
    type: row.type,
    stationId: row.station_id,
    stationNumber: row.station_number ?? null,
    userId: row.user_id,
    username: row.username,
    isGuest: row.is_guest === 1,
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
  };
}

export async function findServiceCall(db: Db, id: number): Promise<ServiceCall | undefined> {
  const row = await query(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toServiceCall(row) : undefined;
}

/** Newest first; default: every call not resolved yet. */
export async function listServiceCalls(db: Db, status: ServiceCallStatus | 'all' | undefined, limit = 100): Promise<ServiceCall[]> {
  let q = query(db);
  if (status === undefined) q = q.where('c.status', '!=', 'resolved');
  else if (status !== 'all') q = q.where('c.status', '=', status);
  const rows = await q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map(toServiceCall);
}

export async function insertServiceCall(trx: Db, row: Insertable<ServiceCallTable>): Promise<number> {
  const inserted = await trx.insertInto('service_calls').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** open → acknowledged, only from open; false when another got there first. */
export async function acknowledgeCall(db: Db, id: number, by: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable('service_calls')
    .set({ status: 'acknowledged', acknowledged_at: at, acknowledged_by: by })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** → resolved (an open call is acknowledged by the same hand); false when it was resolved already. */
export async function resolveCall(db: Db, id: number, by: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable('service_calls')
    .set((eb) => ({
      status: 'resolved',
      resolved_at: at,
      resolved_by: by,
      acknowledged_at: eb.fn.coalesce('acknowledged_at', eb.val(at)),
      acknowledged_by: eb.fn.coalesce('acknowledged_by', eb.val(by)),
    }))
    .where('id', '=', id)
    .where('status', '!=', 'resolved')
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}
