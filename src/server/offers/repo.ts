/** Offers and orders as rows and as the shapes the routes answer with. */
import type { AdminOffer, Order, OrderStatus } from '../../shared/api/admin-store.js';
import type { Offer } from '../../shared/entities.js';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import type { OfferOrderTable, OfferTable } from '../db/tables/store.js';

export type OfferRow = Selectable<OfferTable>;

export function toCustomerOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    offerType: row.offer_type,
    minimumPurchase: row.minimum_purchase,
    discountAmount: row.discount_amount,
    discountPercentage: row.discount_percentage,
    maximumDiscount: row.maximum_discount,
  };
}

export function toAdminOffer(row: OfferRow): AdminOffer {
  return { ...toCustomerOffer(row), active: row.is_active === 1, createdAt: row.created_at, updatedAt: row.updated_at };
}

export function findOffer(db: Db, id: string): Promise<OfferRow | undefined> {
  return db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Oldest first: the order staff created them in. */
export function listOffers(db: Db, onlyActive: boolean): Promise<OfferRow[]> {
  let q = db.selectFrom('offers').selectAll();
  if (onlyActive) q = q.where('is_active', '=', 1);
  return q.orderBy('created_at').orderBy('id').execute();
}

function orderQuery(db: Db) {
  return db
    .selectFrom('offer_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select('u.username');
}

function toOrder(row: Selectable<OfferOrderTable> & { username: string }): Order {
  return {
    id: row.id,
    offerId: row.offer_id,
    offerName: row.offer_name,
    offerType: row.offer_type,
    userId: row.user_id,
    username: row.username,
    stationId: row.station_id,
    status: row.status,
    price: row.price,
    credit: row.credit,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
    rejectReason: row.reject_reason,
    takenBy: row.taken_by,
    takenAt: row.taken_at,
  };
}

export async function findOrder(db: Db, id: number): Promise<Order | undefined> {
  const row = await orderQuery(db).where('o.id', '=', id).executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** Newest first; default: the pending ones. */
export async function listOrders(db: Db, status: OrderStatus | 'all' = 'pending', limit = 100): Promise<Order[]> {
  let q = orderQuery(db);
  if (status !== 'all') q = q.where('o.status', '=', status);
  const rows = await q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
  return rows.map(toOrder);
}

/** One customer's orders: the pending ones and those decided since `since`, newest first. */
export async function ordersOfUser(db: Db, userId: string, since: string): Promise<Order[]> {
  const rows = await orderQuery(db)
    .where('o.user_id', '=', userId)
    .where((eb) => eb.or([eb('o.status', '=', 'pending'), eb('o.decided_at', '>=', since)]))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(50)
    .execute();
  return rows.map(toOrder);
}

export async function insertOffer(db: Db, row: OfferRow): Promise<void> {
  await db.insertInto('offers').values(row).execute();
}

export async function updateOffer(db: Db, row: OfferRow): Promise<void> {
  const { id, created_at: _created, ...changes } = row;
  await db.updateTable('offers').set(changes).where('id', '=', id).execute();
}

type Trx = Transaction<Database>;

export async function pendingCount(trx: Trx, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('offer_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOrder(trx: Trx, row: Insertable<OfferOrderTable>): Promise<number> {
  const inserted = await trx.insertInto('offer_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The conditional change pending → approved; undefined when another approval or a rejection got there first. */
export function claimPending(trx: Trx, id: number, by: string, at: string) {
  return trx
    .updateTable('offer_orders')
    .set({ status: 'approved', decided_at: at, decided_by: by })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['user_id', 'credit'])
    .executeTakeFirst();
}

/** The conditional change pending → rejected; false when it was decided already. */
export async function rejectPending(db: Db, id: number, by: string, at: string, reason: string): Promise<boolean> {
  const changed = await db
    .updateTable('offer_orders')
    .set({ status: 'rejected', decided_at: at, decided_by: by, reject_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}
