/** Staff accounts as the console lists them: one query and one shape, for the list and for a single account. */
import type { StaffAccount, StaffRole } from '../../shared/api/routes.js';
import { staffRole } from '../authority/caller.js';
import type { Db } from '../db/schema.js';

/** Staff accounts with their two-step state: all of them, or only `userId`. */
export async function staffAccounts(db: Db, userId?: string): Promise<StaffAccount[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('staff_totp as t', 't.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.display_name', 'u.type', 'u.last_login_at', 'u.disabled_at', 't.enabled_at'])
    .$if(userId !== undefined, (qb) => qb.where('u.id', '=', userId!))
    .$if(userId === undefined, (qb) => qb.where('u.type', 'in', ['admin', 'staff']))
    .orderBy('u.username')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    role: staffRole(r.type) as StaffRole,
    totpEnabled: Boolean(r.enabled_at),
    lastLoginAt: r.last_login_at,
    disabled: r.disabled_at !== null,
  }));
}
