/** The front door's queries: sign-ups waiting for their phone code, proven phones, new accounts, resets, emails. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.js';
import type { PendingRegistrationTable } from '../db/tables/users.js';

export type PendingRegistration = Selectable<PendingRegistrationTable>;

/** A phone number proven by /auth/phone/check (PUT /profile takes only a proven one). */
export async function rememberVerifiedPhone(db: Db, at: string, phone: string): Promise<void> {
  await db
    .insertInto('phone_verifications')
    .values({ phone, verified_at: at })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ verified_at: at }))
    .execute();
}

/** Whether an account uses this username, email or phone already. */
export async function taken(db: Db, fields: { username: string; email: string | null; phone: string | null }): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('username', '=', fields.username);
  if (fields.email) query = query.union(db.selectFrom('users').select('id').where('email', '=', fields.email));
  if (fields.phone) query = query.union(db.selectFrom('users').select('id').where('phone_number', '=', fields.phone));
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether a username is free: no account, and no sign-up waiting for its code holds it. */
export async function usernameFree(db: Db, username: string, now: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  const pending = await db
    .selectFrom('pending_registrations')
    .select('key')
    .where('username', '=', username)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return !user && !pending;
}

/** A sign-up waiting for its phone code (an older one for the same username is dropped). */
export async function holdRegistration(db: Db, row: PendingRegistration): Promise<void> {
  await db.deleteFrom('pending_registrations').where('username', '=', row.username).execute();
  await db.insertInto('pending_registrations').values(row).execute();
}

export function pendingRegistration(db: Db, key: string, now: string): Promise<PendingRegistration | undefined> {
  return db.selectFrom('pending_registrations').selectAll().where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
}

export async function dropRegistration(db: Db, key: string): Promise<void> {
  await db.deleteFrom('pending_registrations').where('key', '=', key).execute();
}

export function userByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
}

/** The new password; the user's token epoch moves on (every token and console session of it stops). */
export async function resetPasswordOf(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, require_password_reset: 0, token_epoch: eb('token_epoch', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

export function pendingEmailOf(db: Db, userId: string) {
  return db.selectFrom('users').select(['pending_email']).where('id', '=', userId).executeTakeFirst();
}

/** The pending email becomes the account's (throws on the unique index when another account took it meanwhile). */
export async function adoptEmail(db: Db, userId: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email, pending_email: null }).where('id', '=', userId).execute();
}

export async function markEmailVerified(db: Db, userId: string, at: string): Promise<void> {
  await db
    .insertInto('users_email_verified')
    .values({ user_id: userId, verified_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
