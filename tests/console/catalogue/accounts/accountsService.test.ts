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
