/** The room's queries (issue 15; domain shape since issue 23). */
import type { Db, UserRow } from '../../db/schema.js';

export function stationGroups(db: Db) {
  return db.selectFrom('stations').select(['id', 'group_id']).execute();
}

/** The wallets behind the sessions running now. */
export function runningWallets(db: Db) {
  return db
    .selectFrom('client_sessions as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .select(['cs.station_id', 'cs.is_guest', 'cs.started_at', 'cs.gate', 'cs.gate_expires_at', 'u.balance', 'u.protected_balance'])
    .where('cs.ended_at', 'is', null)
    .execute();
}

/** Games being played now, newest first. */
export function openPlays(db: Db) {
  return db.selectFrom('game_plays').select(['station_id', 'game_name', 'started_at']).where('ended_at', 'is', null).orderBy('started_at', 'desc').execute();
}

export function unlockAck(db: Db, sessionId: string) {
  return db.selectFrom('guest_unlock_acks').select(['success', 'error_message']).where('session_id', '=', sessionId).executeTakeFirst();
}

export function stationNumber(db: Db, stationId: string) {
  return db.selectFrom('stations').select('number').where('id', '=', stationId).executeTakeFirst();
}

export function usernameTaken(db: Db, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}

export async function insertUser(db: Db, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function recordCommand(
  db: Db,
  row: { id: string; station_id: string; command: string; new_name: string | null; issued_at: string; issued_by: string; delivered: 0 | 1 },
): Promise<void> {
  await db.insertInto('station_commands').values(row).execute();
}

/** Staff's messages with the stations' statuses (a lock). */
export function stationMessages(db: Db) {
  return db.selectFrom('stations').select(['id', 'status_message']).where('status_message', 'is not', null).execute();
}
