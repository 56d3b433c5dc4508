/** The reports domain's queries (Kysely), nothing else: sums over an interval [fromIso, toIso). */
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** Play billed in the interval by station group and by what it was billed as. */
export function playByGroup(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom('play_charges as p')
    .leftJoin('station_groups as g', 'g.id', 'p.group_id')
    .select((eb) => ['p.group_id', 'g.name', 'p.source', eb.fn.sum<number>('p.iqd').as('iqd'), eb.fn.sum<number>('p.ms').as('ms')])
    .where('p.at', '>=', fromIso)
    .where('p.at', '<', toIso)
    .groupBy(['p.group_id', 'g.name', 'p.source'])
    .execute();
}

/** What an order was paid at the counter is its price; every other counter line is its amount (refunds negative). */
const paid = sql<number>`coalesce(o.price, l.amount)`;

/** Money taken at the counter in the interval (lines with a payment method), by kind, method and staff member. */
export function counterLines(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom('balance_ledger as l')
    .leftJoin('offer_orders as o', 'o.id', 'l.order_id')
    .leftJoin('users as s', 's.id', 'l.staff_user_id')
    .select((eb) => ['l.kind', 'l.payment_method as method', 's.username as staff', sql<number>`sum(${paid})`.as('total'), eb.fn.countAll<number>().as('n')])
    .where('l.payment_method', 'is not', null)
    .where('l.created_at', '>=', fromIso)
    .where('l.created_at', '<', toIso)
    .groupBy(['l.kind', 'l.payment_method', 's.username'])
    .execute();
}

/** Packages sold in the interval, by how they were paid (cash, card at the counter; balance at the kiosk). */
export function packagesSold(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom('customer_packages')
    .select((eb) => ['method', eb.fn.sum<number>('price').as('total'), eb.fn.countAll<number>().as('n')])
    .where('sold_at', '>=', fromIso)
    .where('sold_at', '<', toIso)
    .groupBy('method')
    .execute();
}
