/**
 * Reading the centre-account pools: which accounts a station may offer for a
 * game, in the station's shape (never with a password), and which games have
 * accounts at all.
 */
import type { GameAccount } from '../../shared/entities.js';
import type { GameWithAccounts } from '../../shared/api/games.js';
import { offersCentreAccounts } from '../../shared/catalog/platforms.js';
import type { Db } from '../db/schema.js';
import type { GameAccountTable } from '../db/tables/games-server.js';
import type { Selectable } from 'kysely';

export type GameAccountRow = Selectable<GameAccountTable>;

export const displayName = (row: Pick<GameAccountRow, 'display_number'>) => `Account ${row.display_number}`;

/** A hold by a session that has ended is no hold: free it (a crash between the end and its hook leaves none behind). */
export async function dropStaleHolds(db: Db): Promise<number[]> {
  const freed = await db
    .updateTable('game_accounts')
    .set({ session_id: null, assigned_at: null, launched_json_id: null, credentials_issued_at: null })
    .where('session_id', 'in', (eb) => eb.selectFrom('client_sessions').select('id').where('ended_at', 'is not', null))
    .returning('platform')
    .execute();
  return freed.map((r) => r.platform);
}

/** The station group of the station the caller's session runs at (null: none known). */
export async function stationGroupOf(db: Db, stationId: string | undefined): Promise<string | null> {
  if (!stationId) return null;
  const row = await db.selectFrom('stations').select('group_id').where('id', '=', stationId).executeTakeFirst();
  return row?.group_id ?? null;
}

/** Accounts that may be offered: enabled, not flagged, for this group (or every group). */
async function offerable(db: Db, platform: number | null, groupId: string | null) {
  let query = db
    .selectFrom('game_accounts')
    .selectAll()
    .where('disabled', '=', 0)
    .where('flagged_at', 'is', null)
    .orderBy('display_number');
  if (platform !== null) query = query.where('platform', '=', platform);
  query = groupId
    ? query.where((eb) => eb.or([eb('station_group_id', 'is', null), eb('station_group_id', '=', groupId)]))
    : query.where('station_group_id', 'is', null);
  const accounts = await query.execute();
  const games = accounts.length
    ? await db
        .selectFrom('game_account_games')
        .select(['account_id', 'json_id'])
        .where('account_id', 'in', accounts.map((a) => a.id))
        .execute()
    : [];
  const served = new Map<string, Set<string>>();
  for (const g of games) served.set(g.account_id, (served.get(g.account_id) ?? new Set()).add(g.json_id));
  return accounts.map((account) => ({ account, serves: served.get(account.id) ?? null }));
}

/** Whether an account serves a game: listed, or (no list) every game of its platform. */
export function serves(account: Pick<GameAccountRow, 'platform'>, list: Set<string> | null, game: { json_id: string; platform: number }) {
  return list ? list.has(game.json_id) : account.platform === game.platform;
}

export function clientAccount(
  row: GameAccountRow,
  game: { gameId: string | null; gameName: string | null },
  ownSessionId: string | null,
): GameAccount {
  const mine = row.session_id !== null && row.session_id === ownSessionId;
  return {
    id: row.id,
    username: row.username,
    platform: row.platform,
    inUse: row.session_id !== null,
    // Another station's session id is not the caller's business.
    sessionId: mine ? row.session_id : null,
    gameId: game.gameId,
    gameName: game.gameName,
    accountDisplayName: displayName(row),
  };
}

/** GET /game-accounts/client: the platform's accounts for a game, 'Account N' order. */
export async function accountsForGame(
  db: Db,
  input: { platform: number; gameName: string; groupId: string | null; ownSessionId: string | null },
): Promise<GameAccount[]> {
  if (!offersCentreAccounts(input.platform)) return [];
  const catalog = await db
    .selectFrom('games')
    .select(['json_id', 'name', 'platform'])
    .where('platform', '=', input.platform)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', input.gameName.trim().toLowerCase()))
    .execute();
  const candidates = await offerable(db, input.platform, input.groupId);
  const result: GameAccount[] = [];
  for (const { account, serves: list } of candidates) {
    const game = catalog.find((g) => serves(account, list, g));
    if (game) result.push(clientAccount(account, { gameId: game.json_id, gameName: game.name }, input.ownSessionId));
    else if (!list && catalog.length === 0) {
      result.push(clientAccount(account, { gameId: null, gameName: input.gameName }, input.ownSessionId));
    }
  }
  return result;
}

/** GET /game-accounts/games-with-accounts: catalogue games with accounts (only those with a free one unless includeInUse). */
export async function gamesWithAccounts(db: Db, input: { groupId: string | null; includeInUse: boolean }): Promise<GameWithAccounts[]> {
  const candidates = await offerable(db, null, input.groupId);
  if (candidates.length === 0) return [];
  const platforms = [...new Set(candidates.map((c) => c.account.platform))];
  const catalog = await db
    .selectFrom('games')
    .select(['json_id', 'name', 'platform'])
    .where('platform', 'in', platforms)
    .where('json_id', 'like', 'game-%')
    .orderBy('name')
    .execute();
  const result: GameWithAccounts[] = [];
  for (const game of catalog) {
    const accounts = candidates.filter((c) => serves(c.account, c.serves, game));
    const free = accounts.filter((c) => c.account.session_id === null).length;
    if (accounts.length === 0 || (!input.includeInUse && free === 0)) continue;
    result.push({
      gameId: game.json_id,
      gameName: game.name,
      platform: game.platform,
      totalAccounts: accounts.length,
      availableAccounts: free,
    });
  }
  return result;
}
