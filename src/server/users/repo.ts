/** The users domain's queries for the profile: uniqueness, the phone proof, the writes. */
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** Whether another account uses this username, phone or email (an email also counts while pending). */
export async function usedByAnother(db: Db, userId: string, column: 'email' | 'phone_number' | 'username', value: string): Promise<boolean> {
  if (column !== 'email') {
    const row = await db.selectFrom('users').select('id').where(column, '=', value).where('id', '!=', userId).executeTakeFirst();
    return row !== undefined;
  }
  const lower = value.toLowerCase();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '!=', userId)
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', lower), eb(sql`lower(pending_email)`, '=', lower)]))
    .executeTakeFirst();
  return row !== undefined;
}

export function phoneProof(db: Db, phone: string) {
  return db.selectFrom('phone_verifications').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function spendPhoneProof(db: Db, phone: string): Promise<void> {
  await db.deleteFrom('phone_verifications').where('phone', '=', phone).execute();
}

export async function updateUserFields(
  db: Db,
  userId: string,
  updates: { username?: string; phone_number?: string | null; display_name?: string | null; email?: null; pending_email?: string },
): Promise<void> {
  await db.updateTable('users').set(updates).where('id', '=', userId).execute();
}

/**
 * The new password and the next token epoch, in one transaction: every other token of the user stops; the session
 * making the change (if any) moves to the new epoch and keeps its token.
 */
export async function changePassword(db: Db, userId: string, passwordHash: string, epoch: number, keepSession: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, require_password_reset: 0, token_epoch: epoch }).where('id', '=', userId).execute();
    if (keepSession) await trx.updateTable('client_sessions').set({ token_epoch: epoch }).where('id', '=', keepSession).execute();
  });
}
