/** The day at a glance: its queries (issue 15; domain shape since issue 21). */
import type { Db } from '../db/schema.js';

export function stationIds(db: Db) {
  return db.selectFrom('stations').select('id').execute();
}

/** Sessions running now or ended since `from`. */
export function sessionsSince(db: Db, from: string) {
  return db
    .selectFrom('client_sessions')
    .select(['station_id', 'started_at', 'ended_at', 'amount_charged'])
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', from)]))
    .execute();
}

export function topUpsSince(db: Db, from: string) {
  return db.selectFrom('balance_ledger').select(['amount', 'payment_method']).where('kind', '=', 'top_up').where('created_at', '>=', from).execute();
}

export function approvedOrdersSince(db: Db, from: string) {
  return db.selectFrom('offer_orders').select('price').where('status', '=', 'approved').where('decided_at', '>=', from).execute();
}

export async function openCalls(db: Db): Promise<number> {
  const row = await db.selectFrom('service_calls').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'resolved').executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pendingOrders(db: Db): Promise<number> {
  const row = await db.selectFrom('offer_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}
