/** The pricing domain's queries (Kysely), nothing else. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.js';
import type { CustomerPackageTable, PlayChargeTable, PriceListTable } from '../db/tables/pricing.js';

export type PriceListRow = Selectable<PriceListTable>;
export type CustomerPackageRow = Selectable<CustomerPackageTable>;

export function latestPriceList(db: Db): Promise<PriceListRow | undefined> {
  return db.selectFrom('price_lists').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertPriceList(db: Db, row: PriceListRow): Promise<void> {
  await db.insertInto('price_lists').values(row).execute();
}

export function listGroups(db: Db): Promise<{ id: string; name: string; hourly_rate: number }[]> {
  return db.selectFrom('station_groups').select(['id', 'name', 'hourly_rate']).orderBy('name').execute();
}

export function listTiers(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('tiers').select(['id', 'name']).orderBy('min_level').execute();
}

/** The customer's packages not expired at `nowIso`, oldest sale first. */
export function heldPackages(db: Db, userId: string, nowIso: string): Promise<CustomerPackageRow[]> {
  return db
    .selectFrom('customer_packages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('valid_until', '>', nowIso)
    .orderBy('sold_at')
    .execute();
}

export async function stationGroupId(db: Db, stationId: string): Promise<string | null> {
  const row = await db.selectFrom('stations').select('group_id').where('id', '=', stationId).executeTakeFirst();
  return row?.group_id ?? null;
}

/** The customer's packages still usable after `fromIso` (not expired), oldest sale first. */
export function packagesUsableAfter(db: Db, userId: string, fromIso: string): Promise<CustomerPackageRow[]> {
  return heldPackages(db, userId, fromIso);
}

export async function setPackageMsLeft(db: Db, id: string, msLeft: number): Promise<void> {
  await db.updateTable('customer_packages').set({ ms_left: msLeft }).where('id', '=', id).execute();
}

export async function insertPlayCharges(db: Db, rows: Selectable<PlayChargeTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('play_charges').values(rows).execute();
}

export async function insertCustomerPackage(db: Db, row: CustomerPackageRow): Promise<void> {
  await db.insertInto('customer_packages').values(row).execute();
}

/** Play billed between two instants, summed by what it was billed as. */
export function playChargesBetween(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom('play_charges')
    .select((eb) => ['source', 'source_id', eb.fn.sum<number>('iqd').as('iqd'), eb.fn.sum<number>('ms').as('ms')])
    .where('at', '>', fromIso)
    .where('at', '<=', toIso)
    .groupBy(['source', 'source_id'])
    .execute();
}
