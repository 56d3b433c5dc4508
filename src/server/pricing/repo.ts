/** The pricing domain's queries (Kysely), nothing else. */
import { CompiledQuery, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/schema.js';
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

export async function stationGroupId(db: Db, stationId: string): Promise<string | null> {
  const row = await db.selectFrom('stations').select('group_id').where('id', '=', stationId).executeTakeFirst();
  return row?.group_id ?? null;
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

/** What the kiosk's meter needs of a running session, in one read (`runningPlay`). */
export interface RunningPlayRow {
  session_id: string;
  /** The station it runs at (one running session per station). */
  station_id: string;
  user_id: string;
  is_guest: number | boolean;
  is_prepaid: number | boolean;
  gate: string | null;
  hourly_rate: number;
  last_billed_at: string;
  amount_charged: number;
  owed_units: number | string;
  balance: number;
  protected_balance: number;
  type: string;
  level: number;
  group_id: string | null;
  /** The price list in force (the newest version's id); null: none entered yet. */
  price_list_id: string | null;
  /** How many packages the customer holds not expired at the instant billed up to (only when some are they read). */
  package_count: number | string;
}

/**
 * The running session at a station (or by id), with its customer's wallet,
 * the station's group, the id of the price list in force and how many
 * packages the customer holds — one statement, every part a key or index
 * search (the active session's partial unique index, the primary keys, the
 * newest price list by its key, `customer_packages_user`), so SQLite answers
 * it on the event loop. It runs with every heartbeat: its SQL text is built
 * once per database (building and compiling the query took ≈ 300 µs of the
 * event loop per call on the busy test machine) and sent with its one parameter.
 */
export async function runningPlay(db: Db, which: { stationId: string } | { sessionId: string }): Promise<RunningPlayRow | undefined> {
  let texts = runningPlayTexts.get(db);
  if (!texts) {
    texts = { station: runningPlayQuery(db, 's.station_id').compile().sql, session: runningPlayQuery(db, 's.id').compile().sql };
    runningPlayTexts.set(db, texts);
  }
  const [text, id] = 'stationId' in which ? [texts.station, which.stationId] : [texts.session, which.sessionId];
  return (await db.executeQuery<RunningPlayRow>(CompiledQuery.raw(text, [id]))).rows[0];
}

const runningPlayTexts = new WeakMap<Db, { station: string; session: string }>();

function runningPlayQuery(db: Db, by: 's.station_id' | 's.id') {
  return db
    .selectFrom('client_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('stations as st', 'st.id', 's.station_id')
    .select([
      's.id as session_id',
      's.station_id',
      's.user_id',
      's.is_guest',
      's.is_prepaid',
      's.gate',
      's.hourly_rate',
      's.last_billed_at',
      's.amount_charged',
      's.owed_units',
      'u.balance',
      'u.protected_balance',
      'u.type',
      'u.level',
      'st.group_id',
    ])
    .select((eb) => [
      eb.selectFrom('price_lists').select((p) => p.fn.max('price_lists.id').as('id')).as('price_list_id'),
      eb
        .selectFrom('customer_packages as cp')
        .select((c) => c.fn.countAll().as('n'))
        .whereRef('cp.user_id', '=', 's.user_id')
        .whereRef('cp.valid_until', '>', 's.last_billed_at')
        .as('package_count'),
    ])
    .where('s.ended_at', 'is', null)
    .where(by, '=', '');
}

/**
 * The customer's packages not expired at `fromIso`, in no order: an index search (`customer_packages_user`) that
 * SQLite answers on the event loop; pricing picks among them by its own rule, and a list sorts them itself.
 */
export function packagesHeld(db: Db, userId: string, fromIso: string): Promise<CustomerPackageRow[]> {
  return db.selectFrom('customer_packages').selectAll().where('user_id', '=', userId).where('valid_until', '>', fromIso).execute();
}

export function priceListById(db: Db, id: string): Promise<PriceListRow | undefined> {
  return db.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirst();
}
