/** The pricing domain's queries (Kysely), nothing else. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.js';
import type { CustomerPackageTable, PriceListTable } from '../db/tables/pricing.js';

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
