/** Centre accounts: a revealed password is forgotten on hide and on the next load. */
import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../../../src/console/core/http.js';
import { AccountsService } from '../../../../src/console/catalogue/accounts/accountsService.js';

describe('centre-account passwords', () => {
  it('forgets a revealed password on hide and on the next load', async () => {
    const fetcher = vi.fn(async (url: string) =>
      url.endsWith('/reveal') ? new Response(JSON.stringify({ id: 'gac_1', username: 'u', password: 'pw' }), { status: 200 }) : new Response('[]', { status: 200 }),
    );
    const accounts = new AccountsService(createHttp('', fetcher as unknown as typeof fetch));
    await accounts.reveal('gac_1');
    expect(accounts.store.getState().revealed).toEqual({ id: 'gac_1', password: 'pw' });
    accounts.hide();
    expect(accounts.store.getState().revealed).toBeNull();
    await accounts.reveal('gac_1');
    await accounts.load();
    expect(accounts.store.getState().revealed).toBeNull();
  });
});

describe('binding an account to games (issue 23)', () => {
  it('offers the catalogue by name and sends the picked ids once each', async () => {
    const { testCore } = await import('../../support/fakes.js');
    const { core, server } = testCore();
    server.on('GET /admin/game-accounts', []);
    server.on('GET /admin/games', [
      { jsonId: 'cs2', name: 'Counter-Strike 2', platform: 3 },
      { jsonId: 'dota2', name: 'Dota 2', platform: 3 },
    ]);
    server.on('POST /admin/game-accounts', { id: 'gac_9', accountDisplayName: 'Account 9' });
    const accounts = new AccountsService(core.http);
    await accounts.load();
    expect(accounts.store.getState().games.map((g) => g.name)).toEqual(['Counter-Strike 2', 'Dota 2']);
    await accounts.add({ platform: 3, username: 'arena', password: 'pw', stationGroup: '', games: ['cs2', 'cs2', 'dota2'] });
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ platform: 3, username: 'arena', password: 'pw', games: ['cs2', 'dota2'] });
    await accounts.add({ platform: 3, username: 'arena2', password: 'pw', stationGroup: '', games: [] });
    expect(server.requests.filter((r) => r.method === 'POST')[1]?.body).toEqual({ platform: 3, username: 'arena2', password: 'pw' });
  });
});
