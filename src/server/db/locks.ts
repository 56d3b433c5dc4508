/**
 * Row locks that several domains take for the same reason, written once.
 */
import { lockRows } from './dialect.js';
import type { Db } from './schema.js';

/**
 * PostgreSQL: takes the customer's `users` row lock for the rest of the
 * transaction, so two requests of one customer that count and then insert
 * (orders waiting, open service calls) take turns instead of both passing the
 * count. SQLite needs none: its writers are serialised on one connection.
 */
export async function lockCustomerRow(trx: Db, userId: string): Promise<void> {
  if (lockRows(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}
