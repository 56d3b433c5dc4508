/**
 * Centre-account pools (SPEC §5, §7 Games; issue 11): a customer or guest
 * never receives a password, one session holds an account, a race for the
 * last free account has exactly one winner, every release path frees it, and
 * only the enrolled station holding the account gets the password to launch.
 */
import { describe, expect, it } from 'vitest';
import {
  adminEndSession,
  adminReleaseGameAccount,
  adminUnlockGuest,
  assignGameAccount,
  clientGameAccounts,
  gameAccountLaunchCredentials,
  gameAccountLaunchFailed,
  gamesWithAccounts,
  releaseBySession,
  releaseGameAccount,
} from '../../src/shared/api/routes.js';
import { Platform } from '../../src/shared/catalog/platforms.js';
import { connectStation, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';
import { accountNamed, call, expectError, stationCredential } from './games-helpers.js';

const t = useServer({ admin: true });

const STEAM_PASSWORDS = ['steam-demo-01', 'steam-demo-02', 'steam-demo-03'];

describe('what a customer or guest sees', () => {
  it('lists the platform accounts for a game in Account N order, with no password field, to a user and to a guest', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const socket = await connectStation(t.url, 4);
    await ok(t.url, adminUnlockGuest, { params: { stationId: 'st-04' }, token: t.admin });
    const unlocked = (await socket.next('guestUnlocked')) as { token: string };

    for (const token of [ali.accessToken, unlocked.token]) {
      const res = await call(t.url, clientGameAccounts, { query: { platform: '3', gameName: 'counter-strike 2' }, token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: expect.any(String), username: 'arena_steam_01', platform: 3, inUse: false, sessionId: null, gameId: 'game-cs2', gameName: 'Counter-Strike 2', accountDisplayName: 'Account 1' },
        { id: expect.any(String), username: 'arena_steam_02', platform: 3, inUse: false, sessionId: null, gameId: 'game-cs2', gameName: 'Counter-Strike 2', accountDisplayName: 'Account 2' },
      ]);
      expect(res.text).not.toMatch(/password/i);
      for (const secret of STEAM_PASSWORDS) expect(res.text).not.toContain(secret);
    }
    socket.close();
  });

  it('offers accounts only for the SPEC §5 platforms, and a group-only account only in its group', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2); // Standard room
    const sara = await login(t.url, 'sara', 'sara12345', 7); // VIP room
    const riot = (token: string) => ok(t.url, clientGameAccounts, { query: { platform: Platform.Riot, gameName: 'VALORANT' }, token });
    expect((await riot(ali.accessToken)).map((a) => a.accountDisplayName)).toEqual(['Account 1', 'Account 2']);
    expect((await riot(sara.accessToken)).map((a) => a.accountDisplayName)).toEqual(['Account 1', 'Account 2', 'Account 3']);
    expect(await ok(t.url, clientGameAccounts, { query: { platform: Platform.XboxApp, gameName: 'VALORANT' }, token: ali.accessToken })).toEqual([]);
  });

  it('games-with-accounts lists games with a free account, and with includeInUse also fully busy ones', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const before = await ok(t.url, gamesWithAccounts, { token: ali.accessToken });
    expect(before.map((g) => g.gameId).sort()).toEqual(
      ['game-cs2', 'game-eafc25-ea', 'game-gta5-epic', 'game-gta5-steam', 'game-lol', 'game-r6-steam', 'game-r6-ubisoft', 'game-valorant'].sort(),
    );
    const epic = await accountNamed(t.url, t.admin, 'arena_epic_01');
    await ok(t.url, assignGameAccount, { params: { id: epic.id, sessionId: ali.sessionId }, token: ali.accessToken });
    const busy = await ok(t.url, gamesWithAccounts, { token: ali.accessToken });
    expect(busy.map((g) => g.gameId)).not.toContain('game-gta5-epic');
    const all = await ok(t.url, gamesWithAccounts, { query: { includeInUse: 'true' }, token: ali.accessToken });
    expect(all.find((g) => g.gameId === 'game-gta5-epic')).toEqual({ gameId: 'game-gta5-epic', gameName: 'Grand Theft Auto V', platform: Platform.Epic, totalAccounts: 1, availableAccounts: 0 });
  });
});

describe('assigning an account', () => {
  it('assigns to the caller\'s own current session only, and shows the account busy to the other station', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    expectError(await call(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: sara.sessionId }, token: ali.accessToken }), 403, 'This is not your current session.');

    const res = await call(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: steam1.id, inUse: true, sessionId: ali.sessionId, accountDisplayName: 'Account 1' });
    expect(res.text).not.toMatch(/password|steam-demo/);

    const seenBySara = await ok(t.url, clientGameAccounts, { query: { platform: 3, gameName: 'Counter-Strike 2' }, token: sara.accessToken });
    expect(seenBySara[0]).toMatchObject({ id: steam1.id, inUse: true, sessionId: null });
    expectError(await call(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: sara.sessionId }, token: sara.accessToken }), 409, 'This account is currently being used by another station');
    expectError(await call(t.url, assignGameAccount, { params: { id: 'gac_gone', sessionId: sara.sessionId }, token: sara.accessToken }), 404, 'This account is no longer available');
  });

  it('gives the last free account to exactly one of two stations racing for it', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const steam3 = await accountNamed(t.url, t.admin, 'arena_steam_03');
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        [ali, sara].map((who) => call(t.url, assignGameAccount, { params: { id: steam3.id, sessionId: who.sessionId }, token: who.accessToken })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(['This account is currently being used by another station', 'This account is already in use or unavailable']).toContain((loser.body as { message: string }).message);
      const holder = await accountNamed(t.url, t.admin, 'arena_steam_03');
      const winner = results[0]!.status === 200 ? ali : sara;
      expect(holder.holder?.sessionId).toBe(winner.sessionId);
      await ok(t.url, adminReleaseGameAccount, { params: { id: steam3.id }, token: t.admin });
    }
  });

  it('keeps the password sealed in the database: the row holds no clear password', async () => {
    const rows = await t.server.db.selectFrom('game_accounts').selectAll().execute();
    expect(rows).toHaveLength(9);
    const dump = JSON.stringify(rows);
    for (const secret of [...STEAM_PASSWORDS, 'riot-demo-01', 'riot-demo-vip', 'epic-demo-01', 'ea-demo-01', 'ubi-demo-01']) {
      expect(dump).not.toContain(secret);
    }
    expect(rows.every((r) => r.password_sealed.startsWith('v1:'))).toBe(true);
  });
});

describe('releasing', () => {
  it('release by the holder, release-by-session for a game, and session end all free the account, announcing its platform', async () => {
    const socket = await connectStation(t.url, 2);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    const steam2 = await accountNamed(t.url, t.admin, 'arena_steam_02');
    const riot1 = await accountNamed(t.url, t.admin, 'arena_riot_01');
    const use = (id: string) => ok(t.url, assignGameAccount, { params: { id, sessionId: ali.sessionId }, token: ali.accessToken });

    await use(steam1.id);
    expect(await socket.next('gameAccountStatusChanged')).toEqual({ platform: Platform.Steam });
    expect(await ok(t.url, releaseGameAccount, { params: { id: steam1.id }, token: ali.accessToken })).toEqual({ success: true });
    expect(await socket.next('gameAccountStatusChanged')).toEqual({ platform: Platform.Steam });
    expect((await accountNamed(t.url, t.admin, 'arena_steam_01')).holder).toBeNull();

    await use(steam2.id);
    await use(riot1.id);
    const released = await ok(t.url, releaseBySession, { body: { sessionId: ali.sessionId, jsonId: 'game-gta5-steam' }, token: ali.accessToken });
    expect(released).toEqual({ releasedCount: 1 });
    expect((await accountNamed(t.url, t.admin, 'arena_steam_02')).holder).toBeNull();
    expect((await accountNamed(t.url, t.admin, 'arena_riot_01')).holder?.sessionId).toBe(ali.sessionId);

    await ok(t.url, adminEndSession, { params: { sessionId: ali.sessionId }, token: t.admin });
    expect(await socket.next('gameAccountStatusChanged', (p) => p.platform === Platform.Riot)).toEqual({ platform: Platform.Riot });
    expect((await accountNamed(t.url, t.admin, 'arena_riot_01')).holder).toBeNull();
    socket.close();
  });

  it('frees the holds of a session that ends by the station logging out, and of one logged in elsewhere', async () => {
    const socket = await connectStation(t.url, 2);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const riot2 = await accountNamed(t.url, t.admin, 'arena_riot_02');
    await ok(t.url, assignGameAccount, { params: { id: riot2.id, sessionId: ali.sessionId }, token: ali.accessToken });
    socket.socket.emit('station_status_update', { status: 'available', timestamp: Date.now(), stationId: 'st-02', macAddress: '02:53:50:00:00:02' });
    await socket.next('sessionEnded');
    expect(await socket.next('gameAccountStatusChanged')).toEqual({ platform: Platform.Riot });
    expect((await accountNamed(t.url, t.admin, 'arena_riot_02')).holder).toBeNull();

    const again = await login(t.url, 'ali', 'ali12345', 2);
    await ok(t.url, assignGameAccount, { params: { id: riot2.id, sessionId: again.sessionId }, token: again.accessToken });
    await login(t.url, 'ali', 'ali12345', 3); // the old session ends: logged in elsewhere
    expect((await accountNamed(t.url, t.admin, 'arena_riot_02')).holder).toBeNull();
    socket.close();
  });

  it('refuses to let another customer release or release-by-session someone else\'s hold', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    expectError(await call(t.url, releaseGameAccount, { params: { id: steam1.id }, token: sara.accessToken }), 403, 'This account is currently being used by another station');
    expectError(await call(t.url, releaseBySession, { body: { sessionId: ali.sessionId, jsonId: 'game-cs2' }, token: sara.accessToken }), 403);
    expect((await accountNamed(t.url, t.admin, 'arena_steam_01')).holder?.sessionId).toBe(ali.sessionId);
  });
});

describe('the launch: the password goes only to the enrolled station holding the account', () => {
  it('refuses a user token, another station\'s credential and a station whose session does not hold it; the holder gets it', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    const here = await stationCredential(t.url, 2);
    const elsewhere = await stationCredential(t.url, 3);
    const fetchIt = (input: { token?: string; credential?: string }) =>
      call(t.url, gameAccountLaunchCredentials, { params: { id: steam1.id }, body: { jsonId: 'game-cs2' }, ...input });

    for (const refused of [await fetchIt({ token: ali.accessToken }), await fetchIt({ token: t.admin }), await fetchIt({ credential: 'spst_forged' })]) {
      expect(refused.status).toBe(401);
      expect(refused.text).not.toContain('steam-demo-01');
    }
    const other = await fetchIt({ credential: elsewhere });
    expectError(other, 403, 'This account is not held by the session running at this station.');
    expect(other.text).not.toContain('steam-demo-01');

    const granted = await fetchIt({ credential: here });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ accountId: steam1.id, platform: 3, username: 'arena_steam_01', password: 'steam-demo-01', accountDisplayName: 'Account 1' });
    expect((await accountNamed(t.url, t.admin, 'arena_steam_01')).holder?.launchedJsonId).toBe('game-cs2');

    await ok(t.url, releaseGameAccount, { params: { id: steam1.id }, token: ali.accessToken });
    expectError(await fetchIt({ credential: here }), 403);
  });

  it('a failed launch flags the account for staff: it is released, offered to nobody and cannot be assigned', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    expectError(await call(t.url, gameAccountLaunchFailed, { params: { id: steam1.id }, body: { reason: 'Steam Guard code asked' }, token: ali.accessToken }), 401);
    const res = await call(t.url, gameAccountLaunchFailed, {
      params: { id: steam1.id },
      body: { reason: 'Steam Guard code asked' },
      credential: await stationCredential(t.url, 2),
    });
    expect(res.status).toBe(200);
    const flagged = await accountNamed(t.url, t.admin, 'arena_steam_01');
    expect(flagged).toMatchObject({ holder: null, flag: { reason: 'Steam Guard code asked' } });
    const offered = await ok(t.url, clientGameAccounts, { query: { platform: 3, gameName: 'Counter-Strike 2' }, token: ali.accessToken });
    expect(offered.map((a) => a.id)).not.toContain(steam1.id);
    expectError(await call(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken }), 409, 'This account is already in use or unavailable');
  });
});

describe('the vault gives out as little as a launch needs (issue 22)', () => {
  it('gives the password only within the launch window after the assignment, and once: a repeat is refused, counted and flagged', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const here = await stationCredential(t.url, 2);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    const fetchIt = () => call(t.url, gameAccountLaunchCredentials, { params: { id: steam1.id }, body: { jsonId: 'game-cs2' }, credential: here });

    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    await t.clock.advance(2 * 60_000 + 1);
    expectError(await fetchIt(), 409, 'No launch with this account is in progress. Choose the account again to play.');

    // Chosen again (released, assigned): a new launch, the password once.
    await ok(t.url, releaseGameAccount, { params: { id: steam1.id }, token: ali.accessToken });
    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    expect((await fetchIt()).status).toBe(200);
    for (let i = 1; i <= 2; i++) {
      const repeat = await fetchIt();
      expectError(repeat, 409, "This account's sign-in was already given for this launch. Choose the account again to play.");
      expect(repeat.text).not.toContain('steam-demo-01');
      const flagged = await accountNamed(t.url, t.admin, 'arena_steam_01');
      expect(flagged.flag?.reason).toBe(`The station asked for this account's password again (${i} refused so far).`);
      // The hold stays with the session that is playing with it.
      expect(flagged.holder?.sessionId).toBe(ali.sessionId);
    }
  });

  it('holds one account per game per session; accounts for other games may be held beside it', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const assign = (username: string) =>
      accountNamed(t.url, t.admin, username).then((a) => call(t.url, assignGameAccount, { params: { id: a.id, sessionId: ali.sessionId }, token: ali.accessToken }));
    expect((await assign('arena_steam_01')).status).toBe(200); // cs2, r6
    expectError(await assign('arena_steam_02'), 409, 'Your session already holds a centre account for this game. Release it first.'); // cs2, gta5
    expect((await assign('arena_steam_03')).status).toBe(200); // gta5 only
    expect((await assign('arena_riot_02')).status).toBe(200); // valorant: nothing in common with the Steam ones
  });

  it('never gives a password of a platform the shell cannot sign in to (Riot, Epic, EA, Ubisoft)', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const riot = await accountNamed(t.url, t.admin, 'arena_riot_01');
    await ok(t.url, assignGameAccount, { params: { id: riot.id, sessionId: ali.sessionId }, token: ali.accessToken });
    const res = await call(t.url, gameAccountLaunchCredentials, { params: { id: riot.id }, body: { jsonId: 'game-valorant' }, credential: await stationCredential(t.url, 2) });
    expectError(res, 409, 'This platform cannot be started with a centre account on this PC.');
    expect(res.text).not.toContain('riot-demo-01');
  });
});

