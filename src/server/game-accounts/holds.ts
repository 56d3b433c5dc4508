/**
 * Who holds a centre account. An account is held by at most one session; the
 * hold is taken with one conditional UPDATE inside a transaction, so two
 * stations racing for the last free account get exactly one winner. Holds go
 * on release, on release-by-session, when the session ends for any reason,
 * when staff force-release, and when a launch with the account fails (then
 * the account is also flagged for staff and offered to nobody).
 */
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db, SessionRow } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { dropStaleHolds, serves, stationGroupOf, type GameAccountRow } from './pool.js';

/** SPEC §5 / §8, exactly. */
export const ACCOUNT_GONE = 'This account is no longer available';
export const ACCOUNT_BUSY = 'This account is currently being used by another station';
export const ACCOUNT_UNAVAILABLE = 'This account is already in use or unavailable';

const FREE = { session_id: null, assigned_at: null, launched_json_id: null } as const;

export async function findAccount(db: Db, id: string): Promise<GameAccountRow | undefined> {
  return db.selectFrom('game_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Assigns the account to the session (which the caller has proven is theirs and running). */
export async function assign(db: Db, clock: Clock, accountId: string, session: SessionRow): Promise<GameAccountRow> {
  const groupId = await stationGroupOf(db, session.station_id);
  return db.transaction().execute(async (trx) => {
    await dropStaleHolds(trx);
    const account = await findAccount(trx, accountId);
    if (!account || account.disabled) throw notFound(ACCOUNT_GONE);
    if (account.session_id === session.id) return account;
    if (account.session_id !== null) throw conflict(ACCOUNT_BUSY);
    if (account.flagged_at !== null || (account.station_group_id !== null && account.station_group_id !== groupId)) {
      throw conflict(ACCOUNT_UNAVAILABLE);
    }
    const taken = await trx
      .updateTable('game_accounts')
      .set({ session_id: session.id, assigned_at: isoNow(clock), launched_json_id: null })
      .where('id', '=', accountId)
      .where('session_id', 'is', null)
      .where('disabled', '=', 0)
      .where('flagged_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!taken) throw conflict(ACCOUNT_UNAVAILABLE);
    return taken;
  });
}

/** POST /game-accounts/:id/release by the holder (or staff). Returns the platform if a hold went. */
export async function releaseOwn(
  db: Db,
  accountId: string,
  holder: { sessionId: string | null; isStaff: boolean },
): Promise<number | null> {
  const account = await findAccount(db, accountId);
  if (!account) throw notFound(ACCOUNT_GONE);
  if (account.session_id === null) return null;
  if (account.session_id !== holder.sessionId && !holder.isStaff) throw forbidden(ACCOUNT_BUSY);
  const freed = await db
    .updateTable('game_accounts')
    .set(FREE)
    .where('id', '=', accountId)
    .where('session_id', '=', account.session_id)
    .executeTakeFirst();
  return Number(freed.numUpdatedRows) > 0 ? account.platform : null;
}

/** release-by-session: the session's holds for that game (or that one account). Returns the freed accounts' platforms. */
export async function releaseForGame(
  db: Db,
  sessionId: string,
  jsonId: string,
  accountId?: string,
): Promise<number[]> {
  const held = await db.selectFrom('game_accounts').selectAll().where('session_id', '=', sessionId).execute();
  if (held.length === 0) return [];
  const game = await db.selectFrom('games').select(['json_id', 'platform']).where('json_id', '=', jsonId).executeTakeFirst();
  const lists = await db
    .selectFrom('game_account_games')
    .select(['account_id', 'json_id'])
    .where('account_id', 'in', held.map((a) => a.id))
    .execute();
  const matching = held.filter((account) => {
    if (accountId) return account.id === accountId;
    if (account.launched_json_id === jsonId) return true;
    const list = lists.filter((l) => l.account_id === account.id).map((l) => l.json_id);
    return game ? serves(account, list.length ? new Set(list) : null, game) : false;
  });
  const platforms: number[] = [];
  for (const account of matching) {
    const freed = await db
      .updateTable('game_accounts')
      .set(FREE)
      .where('id', '=', account.id)
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (Number(freed.numUpdatedRows) > 0) platforms.push(account.platform);
  }
  return platforms;
}

/** Every hold of a session (it ended). Returns the freed accounts' platforms. */
export async function releaseAllForSession(db: Db, sessionId: string): Promise<number[]> {
  const freed = await db
    .updateTable('game_accounts')
    .set(FREE)
    .where('session_id', '=', sessionId)
    .returning('platform')
    .execute();
  return freed.map((r) => r.platform);
}

/** Staff: free the account whoever holds it. Returns the platform if a hold went. */
export async function forceRelease(db: Db, accountId: string): Promise<number | null> {
  const account = await findAccount(db, accountId);
  if (!account) throw notFound(ACCOUNT_GONE);
  if (account.session_id === null) return null;
  await db.updateTable('game_accounts').set(FREE).where('id', '=', accountId).execute();
  return account.platform;
}

/** A launch with the account failed: flag it for staff and take it away from the session. */
export async function flagFailedLaunch(db: Db, clock: Clock, account: GameAccountRow, reason: string): Promise<void> {
  await db
    .updateTable('game_accounts')
    // A new flag waits for someone to take it (issue 15).
    .set({
      ...FREE,
      flagged_at: isoNow(clock),
      flag_reason: reason,
      flag_acknowledged_at: null,
      flag_acknowledged_by: null,
      flag_resolved_at: null,
      flag_resolved_by: null,
    })
    .where('id', '=', account.id)
    .execute();
}
