/** A new user's row: every column a fresh account starts with, in one place. */
import { newId } from '../db/ids.js';
import type { UserRow } from '../db/schema.js';

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
