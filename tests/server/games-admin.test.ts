/** The operator's pools (issue 11): who holds what, add (password write-only), disable/enable, force-release, unflag; the CLI over them. */
import { describe, expect, it } from 'vitest';
import {
  adminAddGameAccount,
  adminDisableGameAccount,
  adminEnableGameAccount,
  adminGameAccounts,
  adminReleaseGameAccount,
  adminUnflagGameAccount,
  assignGameAccount,
  clientGameAccounts,
  gameAccountLaunchCredentials,
  gameAccountLaunchFailed,
} from '../../src/shared/api/routes.js';
import { Platform } from '../../src/shared/catalog/platforms.js';
import { runAccounts } from '../../src/server/cli/accounts.js';
import { parseCafeArgs } from '../../src/server/cli/args.js';
import { AdminClient } from '../../src/server/cli/client.js';
import { UsageError } from '../../src/server/config/argv.js';
import { adminToken, fail, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';
import { accountNamed, call, expectError, stationCredential } from './games-helpers.js';

const t = useServer({ admin: true });

describe('admin pool routes', () => {
  it('lists every pool with who holds what', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const riot1 = await accountNamed(t.url, t.admin, 'arena_riot_01');
    await ok(t.url, assignGameAccount, { params: { id: riot1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    const riot = await ok(t.url, adminGameAccounts, { query: { platform: Platform.Riot }, token: t.admin });
    expect(riot.map((a) => [a.accountDisplayName, a.stationGroupName, a.holder?.username ?? null])).toEqual([
      ['Account 1', null, 'ali'],
      ['Account 2', null, null],
      ['Account 3', 'VIP', null],
    ]);
    expect(riot[0]).toMatchObject({
      games: [
        { jsonId: 'game-lol', name: 'League of Legends' },
        { jsonId: 'game-valorant', name: 'VALORANT' },
      ],
      holder: { sessionId: ali.sessionId, userId: ali.user.id, stationId: 'st-02', stationNumber: 2 },
    });
    expectError(await call(t.url, adminGameAccounts, { token: ali.accessToken }), 403);
  });

  it('adds an account as the next Account N; the password is never answered but reaches the holding station sealed and intact', async () => {
    const body = { platform: Platform.Steam, username: 'arena_steam_04', password: 'pä$$ wörd 04', games: ['game-tekken8'] };
    const res = await call(t.url, adminAddGameAccount, { body, token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'arena_steam_04', accountDisplayName: 'Account 4', games: [{ jsonId: 'game-tekken8', name: 'Tekken 8' }] });
    expect(res.text).not.toContain('wörd');
    expect((await call(t.url, adminGameAccounts, { token: t.admin })).text).not.toContain('wörd');

    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const [added] = await ok(t.url, clientGameAccounts, { query: { platform: 3, gameName: 'Tekken 8' }, token: ali.accessToken });
    await ok(t.url, assignGameAccount, { params: { id: added!.id, sessionId: ali.sessionId }, token: ali.accessToken });
    expectError(await call(t.url, gameAccountLaunchCredentials, { params: { id: added!.id }, token: ali.accessToken }), 401);
    const granted = await call(t.url, gameAccountLaunchCredentials, { params: { id: added!.id }, body: { jsonId: 'game-tekken8' }, credential: await stationCredential(t.url, 2) });
    expect(granted.body).toMatchObject({ password: 'pä$$ wörd 04' });
  });

  it('refuses a bad account with 400/409 and stores nothing', async () => {
    const add = (body: unknown) => fail(t.url, adminAddGameAccount, { body, token: t.admin });
    expect(await add({ platform: Platform.XboxApp, username: 'x', password: 'y' })).toMatchObject({ statusCode: 400, message: expect.stringMatching(/only for Steam/) });
    expect(await add({ platform: Platform.Steam, username: 'x', password: 'y', games: ['game-nope'] })).toMatchObject({ statusCode: 400, message: 'Not in the catalogue: game-nope' });
    expect(await add({ platform: Platform.Steam, username: 'x', password: 'y', games: ['game-valorant'] })).toMatchObject({ statusCode: 400, message: "Not games of this account's platform: game-valorant" });
    expect(await add({ platform: Platform.Steam, username: 'x', password: 'y', stationGroup: 'Basement' })).toMatchObject({ statusCode: 400, message: 'Unknown station group: Basement' });
    expect(await add({ platform: Platform.Steam, username: 'arena_steam_01', password: 'y' })).toMatchObject({ statusCode: 409 });
    expect(await add({ platform: Platform.Steam, username: 'x' })).toMatchObject({ statusCode: 400 });
    expect(await t.server.db.selectFrom('game_accounts').select('id').execute()).toHaveLength(9);
  });

  it('disable hides an account from customers (and refuses Use), enable brings it back; force-release and unflag free it for others', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    const offered = async () => (await ok(t.url, clientGameAccounts, { query: { platform: 3, gameName: 'Counter-Strike 2' }, token: sara.accessToken })).map((a) => a.accountDisplayName);

    expect(await ok(t.url, adminDisableGameAccount, { params: { id: steam1.id }, token: t.admin })).toMatchObject({ disabled: true });
    expect(await offered()).toEqual(['Account 2']);
    expectError(await call(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: sara.sessionId }, token: sara.accessToken }), 404, 'This account is no longer available');
    await ok(t.url, adminEnableGameAccount, { params: { id: steam1.id }, token: t.admin });
    expect(await offered()).toEqual(['Account 1', 'Account 2']);

    // A station that crashed with the account never comes back: staff free it.
    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    expect((await ok(t.url, adminReleaseGameAccount, { params: { id: steam1.id }, token: t.admin })).holder).toBeNull();
    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: sara.sessionId }, token: sara.accessToken });

    await call(t.url, gameAccountLaunchFailed, { params: { id: steam1.id }, body: { reason: 'wrong password' }, credential: await stationCredential(t.url, 3) });
    expect(await offered()).toEqual(['Account 2']);
    expect(await ok(t.url, adminUnflagGameAccount, { params: { id: steam1.id }, token: t.admin })).toMatchObject({ flag: null, holder: null });
    expect(await offered()).toEqual(['Account 1', 'Account 2']);
  });
});

describe('npm run cafe -- accounts', () => {
  it('parses the accounts commands and refuses bad ones', () => {
    expect(parseCafeArgs(['accounts']).command).toEqual({ name: 'accounts', action: 'list' });
    expect(parseCafeArgs(['accounts', '--platform', 'riot']).command).toEqual({ name: 'accounts', action: 'list', platform: 6 });
    expect(parseCafeArgs(['accounts', 'add', 'steam', 'arena_x', '--games', 'game-cs2, game-dota2', '--group', 'VIP']).command).toEqual({
      name: 'accounts',
      action: 'add',
      platform: 3,
      username: 'arena_x',
      games: ['game-cs2', 'game-dota2'],
      group: 'VIP',
    });
    expect(parseCafeArgs(['accounts', 'release', 'gac_1']).command).toEqual({ name: 'accounts', action: 'release', id: 'gac_1' });
    for (const argv of [
      ['accounts', 'add', 'xbox', 'u'],
      ['accounts', 'add', 'steam', 'u', '--account-password', 'p'],
      ['accounts', 'add', 'steam'],
      ['accounts', 'disable'],
      ['accounts', 'explode', 'x'],
      ['accounts', 'release', 'gac_1', '--games', 'game-cs2'],
      ['stations', '--platform', 'steam'],
    ]) {
      expect(() => parseCafeArgs(argv)).toThrow(UsageError);
    }
  });

  it('lists, adds and force-releases through the admin API', async () => {
    const client = new AdminClient(t.url, { user: 'admin', password: 'admin123', token: await adminToken(t.url) });
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const riot2 = await accountNamed(t.url, t.admin, 'arena_riot_02');
    await ok(t.url, assignGameAccount, { params: { id: riot2.id, sessionId: ali.sessionId }, token: ali.accessToken });

    const listing = await runAccounts(client, { name: 'accounts', action: 'list', platform: Platform.Riot });
    expect(listing).toMatch(/Riot\s+Account 2\s+arena_riot_02\s+all\s+game-valorant\s+busy\s+ali at st-02/);
    expect(listing).toMatch(/Riot\s+Account 3\s+arena_riot_vip\s+VIP/);
    expect(listing).not.toContain('riot-demo');

    process.env.SPAWNPOINT_ACCOUNT_PASSWORD = 'secret-ea';
    try {
      expect(await runAccounts(client, { name: 'accounts', action: 'add', platform: Platform.EA, username: 'arena_ea_02' })).toMatch(/^Added EA Account 2 \(arena_ea_02\), id gac_/);
    } finally {
      delete process.env.SPAWNPOINT_ACCOUNT_PASSWORD;
    }
    expect(await runAccounts(client, { name: 'accounts', action: 'release', id: riot2.id })).toMatch(/Account 2\s+arena_riot_02.*free/);
  });
});
