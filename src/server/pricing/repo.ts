/** The pricing domain's queries (Kysely), nothing else. */
import type { Insertable, Selectable, Transaction } from 'kysely';
import { lockRows } from '../db/dialect.js';
import type { Database, Db } from '../db/schema.js';
import type { CustomerPackageTable, PackageOrderTable, PlayChargeTable, PriceListTable } from '../db/tables/pricing.js';

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

// ── Package orders (issue 26) ───────────────────────────────────────────────

export type PackageOrderRow = Selectable<PackageOrderTable> & { username: string };

function packageOrderQuery(db: Db) {
  return db.selectFrom('package_orders as o').innerJoin('users as u', 'u.id', 'o.user_id').selectAll('o').select('u.username');
}

export async function insertPackageOrder(db: Db, row: Insertable<PackageOrderTable>): Promise<number> {
  const inserted = await db.insertInto('package_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function findPackageOrder(db: Db, id: number): Promise<PackageOrderRow | undefined> {
  return packageOrderQuery(db).where('o.id', '=', id).executeTakeFirst();
}

export function pendingPackageOrders(db: Db): Promise<PackageOrderRow[]> {
  return packageOrderQuery(db).where('o.status', '=', 'pending').orderBy('o.created_at').orderBy('o.id').limit(200).execute();
}

/** One customer's package orders: pending, and decided since `since`, newest first. */
export function packageOrdersOfUser(db: Db, userId: string, since: string): Promise<PackageOrderRow[]> {
  return packageOrderQuery(db)
    .where('o.user_id', '=', userId)
    .where((eb) => eb.or([eb('o.status', '=', 'pending'), eb('o.decided_at', '>=', since)]))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}

/**
 * PostgreSQL: the customer's row lock serialises two orders racing past the
 * pending count (as offer orders do); SQLite's writers are serialised already.
 */
export async function lockOrderingCustomer(trx: Transaction<Database>, userId: string): Promise<void> {
  if (lockRows(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function pendingPackageOrderCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('package_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** pending → approved, once: true for the one caller that changed it. */
export async function approvePendingPackageOrder(db: Db, id: number, by: string, at: string, method: 'cash' | 'card'): Promise<boolean> {
  const result = await db
    .updateTable('package_orders')
    .set({ status: 'approved', decided_by: by, decided_at: at, method })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setOrderPackage(db: Db, id: number, customerPackageId: string): Promise<void> {
  await db.updateTable('package_orders').set({ customer_package_id: customerPackageId }).where('id', '=', id).execute();
}

/** Takes a pending order for `by` ("on my way"): one conditional update (pending and not taken), so of two staff exactly one wins. */
export async function takePendingPackageOrder(db: Db, id: number, by: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('package_orders')
    .set({ taken_by: by, taken_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('taken_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function rejectPendingPackageOrder(db: Db, id: number, by: string, at: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('package_orders')
    .set({ status: 'rejected', decided_by: by, decided_at: at, reject_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
