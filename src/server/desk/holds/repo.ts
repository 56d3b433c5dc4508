/** Holds' queries (issue 15; domain shape since issue 23). */
import type { Transaction } from 'kysely';
import { lockRows } from '../../db/dialect.js';
import type { Database, Db, StationHoldTable } from '../../db/schema.js';

export type HoldRow = StationHoldTable & { number: number | null; customer: string | null };

export function holdRows(db: Db, where?: { id?: string; ids?: string[] }): Promise<HoldRow[]> {
  let q = db
    .selectFrom('station_holds as h')
    .leftJoin('stations as s', 's.id', 'h.station_id')
    .leftJoin('users as u', 'u.id', 'h.customer_user_id')
    .selectAll('h')
    .select(['s.number', 'u.username as customer'])
    .orderBy('h.starts_at');
  if (where?.id) q = q.where('h.id', '=', where.id);
  if (where?.ids) q = q.where('h.id', 'in', where.ids);
  return q.execute();
}

export function findHold(db: Db, id: string) {
  return db.selectFrom('station_holds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Holds that are over, or due to start and not applied yet. */
export function dueHolds(db: Db, now: string) {
  return db
    .selectFrom('station_holds')
    .selectAll()
    .where('released_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', '<=', now), eb.and([eb('applied_at', 'is', null), eb('starts_at', '<=', now)])]))
    .execute();
}

/** Holds that hold a station now (applied, not released): its end and its customer. */
export function activeHolds(db: Db) {
  return db
    .selectFrom('station_holds as h')
    .leftJoin('users as u', 'u.id', 'h.customer_user_id')
    .select(['h.station_id', 'h.ends_at', 'h.label', 'u.username as customer'])
    .where('h.released_at', 'is', null)
    .where('h.applied_at', 'is not', null)
    .execute();
}

/** True when this call applied it (one conditional UPDATE: one node, once). */
export async function markApplied(db: Db, id: string, now: string): Promise<boolean> {
  const taken = await db.updateTable('station_holds').set({ applied_at: now }).where('id', '=', id).where('applied_at', 'is', null).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** True when this call released it. */
export async function markReleased(db: Db, id: string, now: string): Promise<boolean> {
  const released = await db.updateTable('station_holds').set({ released_at: now }).where('id', '=', id).where('released_at', 'is', null).executeTakeFirst();
  return Number(released.numUpdatedRows) === 1;
}

export function stationStatusOf(db: Db, stationId: string) {
  return db.selectFrom('stations').select('status').where('id', '=', stationId).executeTakeFirst();
}

/** Inside the create transaction: the station's row, locked on PostgreSQL (two holds on it are serialised). */
export function lockStation(trx: Transaction<Database>, stationId: string) {
  return trx.selectFrom('stations').select('id').where('id', '=', stationId).$if(lockRows(trx), (qb) => qb.forNoKeyUpdate()).executeTakeFirst();
}

export function overlappingHold(trx: Transaction<Database>, stationId: string, startsAt: string, endsAt: string) {
  return trx
    .selectFrom('station_holds')
    .select('id')
    .where('station_id', '=', stationId)
    .where('released_at', 'is', null)
    .where('starts_at', '<', endsAt)
    .where('ends_at', '>', startsAt)
    .executeTakeFirst();
}

export async function insertHold(trx: Transaction<Database>, hold: StationHoldTable): Promise<void> {
  await trx.insertInto('station_holds').values(hold).execute();
}
