/**
 * Issue 22, item 3: one session emptied the centre-account vault. A customer
 * who copied their PC's station credential assigned every account of their
 * room to their one session and asked `launch-credentials` for each, as many
 * times as they liked: 8 of the 9 demo passwords came out. Now a session holds
 * at most one account per game, a password leaves only for a launch in
 * progress, only for a platform the shell can start with an account (Steam),
 * and once per assignment: a repeat is refused, counted and flagged for staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_ACCOUNTS } from '../../src/server/seed/game-accounts.js';
import { activeSessionAt, adminToken, call, loginAt, messageOf, startEnrolledCafe, tokenOf, type Cafe, type Enrolled } from './support.js';

interface Account {
  id: string;
  username: string;
  platform: number;
}

describe('attack: one session empties the centre-account vault', () => {
  let cafe: Cafe;
  let st2: Enrolled;
  let admin: string;

  beforeAll(async () => {
    ({ cafe, stations: [st2] } = await startEnrolledCafe([2]));
    admin = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  it('gets at most one password per game, only Steam ones, each once; the repeats are refused, counted and flagged', async () => {
    const login = await loginAt(cafe.url, st2, 'ali', 'ali12345');
    const token = tokenOf(login);
    const sessionId = activeSessionAt(cafe.sql, st2.stationId)!.id;
    const accounts = (await call(cafe.url, 'GET', '/admin/game-accounts', { token: admin })).body as Account[];
    expect(accounts.length).toBe(DEMO_GAME_ACCOUNTS.length);

    // The script: assign everything, then ask for every password three times, for every game.
    const held: Account[] = [];
    for (const account of accounts) {
      const reply = await call(cafe.url, 'POST', `/game-accounts/${account.id}/assign/${sessionId}`, { token });
      if (reply.status === 200) held.push(account);
    }
    const leaked = new Map<string, number>();
    for (const account of accounts) {
      const games = DEMO_GAME_ACCOUNTS.find((d) => d.username === account.username)?.games ?? [];
      for (let round = 0; round < 3; round++) {
        for (const jsonId of games) {
          const reply = await call(cafe.url, 'POST', `/game-accounts/${account.id}/launch-credentials`, {
            credential: st2.credential,
            body: { jsonId },
          });
          const password = (reply.body as { password?: string } | null)?.password;
          if (reply.status === 200 && password) leaked.set(password, (leaked.get(password) ?? 0) + 1);
          else expect(messageOf(reply)).not.toBe('');
        }
      }
    }

    // One account per game: of cs2 (steam 01, 02) and gta5-steam (steam 02, 03) it held no two sharing a game.
    const steamHeld = held.filter((a) => a.platform === 3).map((a) => a.username).sort();
    expect(steamHeld).not.toContain('arena_steam_02');
    // Only Steam passwords (the shell signs in only to Steam), each exactly once.
    const demoPassword = (password: string) => DEMO_GAME_ACCOUNTS.find((d) => d.password === password)!;
    for (const [password, times] of leaked) {
      expect(demoPassword(password).platform, password).toBe(3);
      expect(times, password).toBe(1);
    }
    expect(leaked.size).toBeLessThanOrEqual(2);

    // The repeats are counted and staff see the accounts flagged in the inbox.
    const after = (await call(cafe.url, 'GET', '/admin/game-accounts', { token: admin })).body as Array<Account & { flag: { reason: string } | null }>;
    for (const password of leaked.keys()) {
      const account = after.find((a) => a.username === demoPassword(password).username)!;
      expect(account.flag?.reason).toMatch(/asked for this account's password again/);
    }
  });

  it('refuses the password for a game the account does not serve, or with no game named; gives it for the game', async () => {
    const ended = activeSessionAt(cafe.sql, st2.stationId)!;
    expect((await call(cafe.url, 'POST', `/admin/sessions/${ended.id}/end`, { token: admin, body: {} })).status).toBe(200);
    const token = tokenOf(await loginAt(cafe.url, st2, 'sara', 'sara12345'));
    const sessionId = activeSessionAt(cafe.sql, st2.stationId)!.id;
    const accounts = (await call(cafe.url, 'GET', '/admin/game-accounts', { token: admin })).body as Account[];
    const steam2 = accounts.find((a) => a.username === 'arena_steam_02')!;
    expect((await call(cafe.url, 'POST', `/game-accounts/${steam2.id}/assign/${sessionId}`, { token })).status).toBe(200);
    for (const body of [{ jsonId: 'game-r6-steam' }, {}]) {
      const reply = await call(cafe.url, 'POST', `/game-accounts/${steam2.id}/launch-credentials`, { credential: st2.credential, body });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(reply.body)).not.toContain('steam-demo-02');
    }
    const granted = await call(cafe.url, 'POST', `/game-accounts/${steam2.id}/launch-credentials`, {
      credential: st2.credential,
      body: { jsonId: 'game-cs2' },
    });
    expect(granted.status).toBe(200);
    expect((granted.body as { password: string }).password).toBe('steam-demo-02');
  });
});
