/** QR sign-in's look-ups of the account behind a verified identity (QR sessions and trips keep their own rows: sessions.ts, trips.ts). */
import type { Db, UserRow } from '../db/schema.js';

/** The account this Steam id is linked to. */
export function userBySteamId(db: Db, steamId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('steam_id', '=', steamId).executeTakeFirst();
}

/** The account whose email is this one and verified: only a verified address is a login identifier. */
export function userByVerifiedEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where((eb) => eb.exists(eb.selectFrom('users_email_verified as v').select('v.user_id').whereRef('v.user_id', '=', 'users.id')))
    .executeTakeFirst();
}
