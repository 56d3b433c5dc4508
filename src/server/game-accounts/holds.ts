/**
 * Who holds a centre account. An account is held by at most one session; the
 * hold is taken with one conditional UPDATE inside a transaction, so two
 * stations racing for the last free account get exactly one winner. Holds go
 * on release, on release-by-session, when the session ends for any reason,
 * when staff force-release, and when a launch with the account fails (then
 * the account is also flagged for staff and offered to nobody).
 */
import { Platform } from '../../shared/catalog/platforms.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { lockRows } from '../db/dialect.js';
import type { Db, SessionRow } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../base/errors.js';
import { dropStaleHolds, serves, stationGroupOf, type GameAccountRow } from './pool.js';

/** SPEC §5 / §8, exactly. */
export const ACCOUNT_GONE = 'This account is no longer available';
export const ACCOUNT_BUSY = 'This account is currently being used by another station';
export const ACCOUNT_UNAVAILABLE = 'This account is already in use or unavailable';

/** Issue 22: the vault's refusals. */
export const ONE_PER_GAME = 'Your session already holds a centre account for this game. Release it first.';
export const NOT_FOR_THIS_PC = 'This platform cannot be started with a centre account on this PC.';
export const NOT_SERVED = 'This account does not serve that game.';
export const NO_LAUNCH = 'No launch with this account is in progress. Choose the account again to play.';
export const ALREADY_GIVEN = "This account's sign-in was already given for this launch. Choose the account again to play.";

/**
 * The platforms whose client the shell signs in to with an account: Steam only
 * (`steam.exe -login`, src/main/launcher/launch-plan.ts). Epic, Riot, EA and
 * Ubisoft have no command-line sign-in, so their passwords never leave.
 */
export const SIGN_IN_PLATFORMS: readonly number[] = [Platform.Steam];

/** A launch is in progress for this long after the account was assigned (the shell asks at once). */
export const LAUNCH_WINDOW_MS = 2 * 60_000;

const FREE = { session_id: null, assigned_at: null, launched_json_id: null, credentials_issued_at: null } as const;

/** The Json_IDs an account serves: its list, or every catalogue game of its platform. */
async function servedGames(db: Db, account: Pick<GameAccountRow, 'id' | 'platform'>): Promise<Set<string>> {
  const listed = await db.selectFrom('game_account_games').select('json_id').where('account_id', '=', account.id).execute();
  if (listed.length) return new Set(listed.map((g) => g.json_id));
  const all = await db.selectFrom('games').select('json_id').where('platform', '=', account.platform).execute();
  return new Set(all.map((g) => g.json_id));
}

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
    // One account per game per session: the session's row is locked so two assigns of one session run one after the other.
    if (lockRows(trx)) await trx.selectFrom('client_sessions').select('id').where('id', '=', session.id).forNoKeyUpdate().execute();
    const others = await trx.selectFrom('game_accounts').select(['id', 'platform']).where('session_id', '=', session.id).execute();
    if (others.length) {
      const wanted = await servedGames(trx, account);
      for (const other of others) {
        const theirs = await servedGames(trx, other);
        if ([...wanted].some((jsonId) => theirs.has(jsonId))) throw conflict(ONE_PER_GAME);
      }
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

export type LaunchCredentials =
  | { given: true; account: GameAccountRow }
  | { given: false; status: 'refused'; message: string }
  | { given: false; status: 'repeat'; message: string; account: GameAccountRow };

/**
 * The password may leave for this launch: the platform is one the shell signs
 * in to, the game is one the account serves, the account was assigned to the
 * session within the launch window, and it was not given for this assignment
 * yet (one conditional UPDATE, so two asks at once give it once). A repeat is
 * counted and flags the account for staff (the inbox shows it); the hold stays.
 */
export async function giveLaunchCredentials(
  db: Db,
  clock: Clock,
  account: GameAccountRow,
  sessionId: string,
  jsonId: string | undefined,
): Promise<LaunchCredentials> {
  const now = isoNow(clock);
  if (account.credentials_issued_at !== null) {
    const counted = await db
      .updateTable('game_accounts')
      .set((eb) => ({ credential_repeats: eb('credential_repeats', '+', 1) }))
      .where('id', '=', account.id)
      .returning('credential_repeats')
      .executeTakeFirstOrThrow();
    const flagged = await db
      .updateTable('game_accounts')
      .set({
        flagged_at: now,
        flag_reason: `The station asked for this account's password again (${counted.credential_repeats} refused so far).`,
        flag_acknowledged_at: null,
        flag_acknowledged_by: null,
        flag_resolved_at: null,
        flag_resolved_by: null,
      })
      .where('id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { given: false, status: 'repeat', message: ALREADY_GIVEN, account: flagged };
  }
  if (account.disabled || account.flagged_at !== null) return { given: false, status: 'refused', message: ACCOUNT_UNAVAILABLE };
  if (!SIGN_IN_PLATFORMS.includes(account.platform)) return { given: false, status: 'refused', message: NOT_FOR_THIS_PC };
  const game = jsonId
    ? await db.selectFrom('games').select(['json_id', 'platform']).where('json_id', '=', jsonId).executeTakeFirst()
    : undefined;
  if (!game || !(await servedGames(db, account)).has(game.json_id) || !serves(account, null, game)) {
    return { given: false, status: 'refused', message: NOT_SERVED };
  }
  const assignedAt = account.assigned_at ? Date.parse(account.assigned_at) : NaN;
  if (!(clock.now() - assignedAt <= LAUNCH_WINDOW_MS)) return { given: false, status: 'refused', message: NO_LAUNCH };
  const issued = await db
    .updateTable('game_accounts')
    .set({ credentials_issued_at: now, launched_json_id: game.json_id })
    .where('id', '=', account.id)
    .where('session_id', '=', sessionId)
    .where('credentials_issued_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!issued) {
    // Another ask won the race (a repeat), or the hold went meanwhile.
    const latest = await findAccount(db, account.id);
    if (latest?.session_id === sessionId && latest.credentials_issued_at !== null) {
      return giveLaunchCredentials(db, clock, latest, sessionId, jsonId);
    }
    return { given: false, status: 'refused', message: NO_LAUNCH };
  }
  return { given: true, account: issued };
}
