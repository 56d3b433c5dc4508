/** The day at a glance: its queries (issue 15; domain shape since issue 21; from the ledger since issue 23). */
import type { Db } from '../db/schema.js';

/** Sessions running now or ended since `from`. */
export function sessionsSince(db: Db, from: string) {
  return db
    .selectFrom('client_sessions')
    .select(['station_id', 'started_at', 'ended_at'])
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', from)]))
    .execute();
}

/** Every ledger line since `from`, with the price paid for an approved order's line. */
export function ledgerSince(db: Db, from: string) {
  return db
    .selectFrom('balance_ledger as l')
    .leftJoin('offer_orders as o', 'o.id', 'l.order_id')
    .select(['l.kind', 'l.payment_method', 'l.bucket', 'l.amount', 'o.price'])
    .where('l.created_at', '>=', from)
    .execute();
}

const count = async (q: Promise<{ n: number | string | bigint } | undefined>): Promise<number> => Number((await q)?.n ?? 0);

/** Calls not resolved yet (the inbox lists them: open and taken). */
export function openCalls(db: Db): Promise<number> {
  return count(db.selectFrom('service_calls').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'resolved').executeTakeFirst());
}

/** Packages ordered at a station, waiting for approval (issue 26; the inbox lists them beside the orders). */
export function pendingPackageOrders(db: Db): Promise<number> {
  return count(db.selectFrom('package_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirst());
}

export function pendingOrders(db: Db): Promise<number> {
  return count(db.selectFrom('offer_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirst());
}

/** Reward claims waiting at the counter (taken or not). */
export function waitingClaims(db: Db): Promise<number> {
  return count(db.selectFrom('reward_claims').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'CLAIMED').executeTakeFirst());
}

/** Centre accounts flagged after a failed launch, not cleared. */
export function flaggedAccounts(db: Db): Promise<number> {
  return count(db.selectFrom('game_accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('flagged_at', 'is not', null).executeTakeFirst());
}
