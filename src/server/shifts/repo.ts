/** The shifts' queries (issue 15; domain shape since issue 21). */
import type { Transaction } from 'kysely';
import type { Database, Db, ShiftTable } from '../db/schema.js';

type Trx = Transaction<Database>;

export function openShiftRow(db: Db): Promise<ShiftTable | undefined> {
  return db.selectFrom('shifts').selectAll().where('closed_at', 'is', null).orderBy('opened_at', 'desc').executeTakeFirst();
}

export function findShift(db: Db, id: string): Promise<ShiftTable | undefined> {
  return db.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function latestShifts(db: Db): Promise<ShiftTable[]> {
  return db.selectFrom('shifts').selectAll().orderBy('opened_at', 'desc').limit(50).execute();
}

export async function anyShiftOpen(q: Db | Trx): Promise<boolean> {
  return (await q.selectFrom('shifts').select('id').where('closed_at', 'is', null).executeTakeFirst()) !== undefined;
}

export async function insertShift(q: Db | Trx, row: ShiftTable): Promise<void> {
  await q.insertInto('shifts').values(row).execute();
}

export async function closeShiftRow(db: Db, id: string, close: { at: string; by: string; countedCash: number; note: string | null }): Promise<boolean> {
  const closed = await db
    .updateTable('shifts')
    .set({ closed_at: close.at, closed_by: close.by, counted_cash: close.countedCash, note: close.note })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

/** Sessions started in a shift (a customer playing now counts; an ended one started before it does not). */
export async function sessionsStartedBetween(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('client_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('started_at', '>=', from)
    .where('started_at', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the shift before this one closed (null: it is the first): money moved after it and before this one opened is adopted by this one. */
export async function previousShiftClosedAt(db: Db, openedAt: string): Promise<string | null> {
  const row = await db
    .selectFrom('shifts')
    .select('closed_at')
    .where('opened_at', '<', openedAt)
    .where('closed_at', 'is not', null)
    .orderBy('opened_at', 'desc')
    .executeTakeFirst();
  return row?.closed_at ?? null;
}

/**
 * Prepaid cards sold after `after` (exclusive; null: since the start) and up to `to`: a shift's cards, with those sold
 * while no shift was open, which it adopted (its window starts where the previous shift closed).
 */
export async function prepaidCardsSoldBetween(db: Db, after: string | null, to: string): Promise<number> {
  let q = db
    .selectFrom('prepaid_cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sold_at', 'is not', null)
    .where('sold_at', '<=', to);
  if (after !== null) q = q.where('sold_at', '>', after);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The staff movements the shift's ledger holds (its own and the unattended ones it adopted), with who moved them. */
export function shiftLines(db: Db, shiftId: string) {
  return db
    .selectFrom('balance_ledger as l')
    .leftJoin('users as s', 's.id', 'l.staff_user_id')
    .select(['l.amount', 'l.kind', 'l.payment_method as method', 'l.unattended', 'l.created_at', 's.username as staff'])
    .where('l.shift_id', '=', shiftId)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
}

/** The orders whose approval the shift's ledger holds: how many, and what the customers paid at the counter. */
export async function shiftOrders(db: Db, shiftId: string): Promise<{ count: number; total: number }> {
  const row = await db
    .selectFrom('balance_ledger as l')
    .innerJoin('offer_orders as o', 'o.id', 'l.order_id')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('o.price').as('total')])
    .where('l.shift_id', '=', shiftId)
    .where('l.kind', '=', 'offer_order')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), total: Number(row.total ?? 0) };
}
