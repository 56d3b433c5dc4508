/** The staff domain's queries: accounts, their sign-ins, the audit log's reading side. */
import type { Db, UserRow } from '../db/schema.js';

export function userById(db: Db, userId: string): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function touchLastLogin(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

/** The newest audit lines, optionally of one staff member, station or customer. */
export function auditLines(db: Db, filter: { limit: number; staff?: string; station?: string; customer?: string }) {
  let q = db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  if (filter.staff) q = q.where('staff_username', '=', filter.staff);
  if (filter.station) q = q.where('station_id', '=', filter.station);
  if (filter.customer) q = q.where('customer', '=', filter.customer);
  return q.execute();
}
