/** The customers' queries (issue 21): search, the ledger shown at the counter, counts, the gate flags. */
import { sql } from 'kysely';
import type { Db, UserRow } from '../db/schema.js';

const NOT_CUSTOMERS = ['guest', 'admin', 'staff'];

/** Up to 50 customers whose username, email or phone contains `q`, or whose NFC card is `q`. */
export function searchCustomers(db: Db, q: string): Promise<UserRow[]> {
  let select = db.selectFrom('users').selectAll().where('type', 'not in', NOT_CUSTOMERS);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or([
        eb(sql`lower(username)`, 'like', sql`lower(${like}) escape '\\'`),
        eb(sql`lower(coalesce(email, ''))`, 'like', sql`lower(${like}) escape '\\'`),
        eb(sql`coalesce(phone_number, '')`, 'like', sql`${like} escape '\\'`),
        eb('id', 'in', eb.selectFrom('nfc_cards').select('user_id').where(sql`upper(card_uid)`, '=', q.toUpperCase())),
      ]),
    );
  }
  return select.orderBy('username').limit(50).execute();
}

/** The newest 100 ledger lines of a user, with the staff member's username. */
export function ledgerOf(db: Db, userId: string) {
  return db
    .selectFrom('balance_ledger as l')
    .leftJoin('users as s', 's.id', 'l.staff_user_id')
    .select(['l.id', 'l.amount', 'l.reason', 'l.kind', 'l.payment_method', 'l.order_id', 'l.created_at', 's.username as staff'])
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(100)
    .execute();
}

export async function countSessions(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('client_sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countCards(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('nfc_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setGateFlags(
  db: Db,
  userId: string,
  set: Partial<Pick<UserRow, 'require_password_reset' | 'require_balance_top_up'>>,
): Promise<void> {
  if (Object.keys(set).length > 0) await db.updateTable('users').set(set).where('id', '=', userId).execute();
}
