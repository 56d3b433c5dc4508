/** The staff's view of the centre accounts (who holds what, flags) and adding one: shared by the pool's admin routes, the inbox and the seed. */
import { randomBytes } from 'node:crypto';
import type { AdminGameAccount } from '../../shared/api/routes.js';
import type { Db } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../base/errors.js';
import { ACCOUNT_GONE } from './holds.js';
import { displayName, type GameAccountRow } from './pool.js';
import type { SecretBox } from '../crypto/secret-box.js';

export async function describeGameAccounts(db: Db, rows: GameAccountRow[]): Promise<AdminGameAccount[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [games, groups, holders] = await Promise.all([
    db
      .selectFrom('game_account_games')
      .innerJoin('games', 'games.json_id', 'game_account_games.json_id')
      .select(['game_account_games.account_id', 'games.json_id', 'games.name'])
      .where('game_account_games.account_id', 'in', ids)
      .orderBy('games.name')
      .execute(),
    db.selectFrom('station_groups').select(['id', 'name']).execute(),
    db
      .selectFrom('game_accounts')
      .innerJoin('client_sessions', 'client_sessions.id', 'game_accounts.session_id')
      .innerJoin('users', 'users.id', 'client_sessions.user_id')
      .leftJoin('stations', 'stations.id', 'client_sessions.station_id')
      .select([
        'game_accounts.id as accountId',
        'client_sessions.id as sessionId',
        'users.id as userId',
        'users.username',
        'client_sessions.station_id as stationId',
        'stations.number as stationNumber',
      ])
      .where('game_accounts.id', 'in', ids)
      .execute(),
  ]);
  return rows.map((row) => {
    const holder = holders.find((h) => h.accountId === row.id);
    return {
      id: row.id,
      platform: row.platform,
      username: row.username,
      accountDisplayName: displayName(row),
      stationGroupId: row.station_group_id,
      stationGroupName: groups.find((g) => g.id === row.station_group_id)?.name ?? null,
      games: games.filter((g) => g.account_id === row.id).map((g) => ({ jsonId: g.json_id, name: g.name })),
      disabled: row.disabled === 1,
      flag: row.flagged_at
        ? { at: row.flagged_at, reason: row.flag_reason ?? '', acknowledgedBy: row.flag_acknowledged_by, acknowledgedAt: row.flag_acknowledged_at }
        : null,
      holder: holder
        ? {
            sessionId: holder.sessionId,
            userId: holder.userId,
            username: holder.username,
            stationId: holder.stationId,
            stationNumber: holder.stationNumber ?? null,
            since: row.assigned_at ?? row.created_at,
            launchedJsonId: row.launched_json_id,
          }
        : null,
      createdAt: row.created_at,
    };
  });
}

export async function describeGameAccount(db: Db, id: string): Promise<AdminGameAccount> {
  const row = await db.selectFrom('game_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ACCOUNT_GONE);
  const [described] = await describeGameAccounts(db, [row]);
  return described!;
}

export interface NewGameAccount {
  platform: number;
  username: string;
  password: string;
  stationGroup?: string | undefined;
  games?: string[] | undefined;
}

/** Adds an account to its platform's pool as the next 'Account N'; the password is sealed before it is stored. */
export async function addGameAccount(db: Db, secrets: SecretBox, now: string, input: NewGameAccount): Promise<string> {
  const id = `gac_${randomBytes(8).toString('hex')}`;
  let groupId: string | null = null;
  if (input.stationGroup) {
    const group = await db
      .selectFrom('station_groups')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', input.stationGroup!), eb('name', '=', input.stationGroup!)]))
      .executeTakeFirst();
    if (!group) throw badRequest(`Unknown station group: ${input.stationGroup}`);
    groupId = group.id;
  }
  const jsonIds = [...new Set(input.games ?? [])];
  if (jsonIds.length) {
    const known = await db.selectFrom('games').select(['json_id', 'platform']).where('json_id', 'in', jsonIds).execute();
    const unknown = jsonIds.filter((j) => !known.some((k) => k.json_id === j));
    if (unknown.length) throw badRequest(`Not in the catalogue: ${unknown.join(', ')}`);
    const other = known.filter((k) => k.platform !== input.platform).map((k) => k.json_id);
    if (other.length) throw badRequest(`Not games of this account's platform: ${other.join(', ')}`);
  }
  await db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('game_accounts')
      .select('id')
      .where('platform', '=', input.platform)
      .where('username', '=', input.username)
      .executeTakeFirst();
    if (exists) throw conflict(`There is already an account ${input.username} on this platform.`);
    const last = await trx
      .selectFrom('game_accounts')
      .select((eb) => eb.fn.max('display_number').as('n'))
      .where('platform', '=', input.platform)
      .executeTakeFirst();
    await trx
      .insertInto('game_accounts')
      .values({
        id,
        platform: input.platform,
        username: input.username,
        password_sealed: secrets.seal(input.password, id),
        display_number: (last?.n ?? 0) + 1,
        station_group_id: groupId,
        disabled: 0,
        flagged_at: null,
        flag_reason: null,
        session_id: null,
        assigned_at: null,
        launched_json_id: null,
        credentials_issued_at: null,
        created_at: now,
      })
      .execute();
    if (jsonIds.length) {
      await trx
        .insertInto('game_account_games')
        .values(jsonIds.map((json_id) => ({ account_id: id, json_id })))
        .execute();
    }
  });
  return id;
}
