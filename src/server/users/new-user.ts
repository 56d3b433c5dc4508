/** A new user's row: every column a fresh account starts with, in one place; a walk-in guest's account. */
import { randomBytes } from 'node:crypto';
import { GUEST_PREFIX } from '../../shared/constants.js';
import { newId } from '../db/ids.js';
import type { Db, UserRow } from '../db/schema.js';

export function newUserRow(
  fields: Pick<UserRow, 'username' | 'type' | 'password_hash' | 'created_at'> & Partial<UserRow>,
): UserRow {
  return {
    id: newId('usr'),
    email: null,
    phone_number: null,
    display_name: null,
    avatar_url: null,
    balance: 0,
    protected_balance: 0,
    xp: 0,
    lifetime_xp: 0,
    level: 1,
    require_password_reset: 0,
    require_balance_top_up: 0,
    last_login_at: null,
    steam_id: null,
    token_epoch: 0,
    pending_email: null,
    disabled_at: null,
    disabled_by: null,
    disabled_reason: null,
    second_factor_failures: 0,
    second_factor_locked_until: null,
    ...fields,
  };
}

/** Stores a new account's row (made by `newUserRow`): sign-up, the counter, staff accounts, guests. */
export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** A walk-in guest: a fresh `guest_xxxx` account with no password (the staff's unlock of a station). */
export async function createGuest(db: Db, createdAt: string): Promise<UserRow> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const username = `${GUEST_PREFIX}${randomBytes(2).toString('hex')}`;
    const taken = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (taken) continue;
    const guest = newUserRow({ username, type: 'guest', password_hash: null, created_at: createdAt, last_login_at: createdAt });
    await insertUser(db, guest);
    return guest;
  }
  throw new Error('could not find a free guest username');
}
