/** The room's queries (issue 15; domain shape since issue 23). */
import type { Db } from '../../db/schema.js';

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

/** Staff's messages with the stations' statuses (a lock). */
export function stationMessages(db: Db) {
  return db.selectFrom('stations').select(['id', 'status_message']).where('status_message', 'is not', null).execute();
}
