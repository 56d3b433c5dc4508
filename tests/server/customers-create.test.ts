/**
 * A new customer at the counter (issue 23): staff make the account with a first password; it starts
 * with the password-change gate, is found by the search at once, and a taken username or phone, or a
 * username the sign-up would refuse, gets a clear error and makes nothing.
 */
import { describe, expect, it } from 'vitest';
import { adminGameCatalogue, customerCreate, customerDetail, customerSearch } from '../../src/shared/api/routes.js';
import { deskConsole } from '../support/console-client.js';
import { useServer } from './support/server.js';

const t = useServer();

const desk = () => deskConsole(t.url);

describe('a new customer at the counter', () => {
  it('is made by staff, must change the first password, and is found at once', async () => {
    const c = await desk();
    const made = await c.call(customerCreate, { body: { username: 'hassan', password: 'first-pass', displayName: 'Hassan Ali', phoneNumber: '+9647709998877' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(customerCreate.response.parse(made.body)).toMatchObject({ username: 'hassan', displayName: 'Hassan Ali', balance: 0, requirePasswordReset: true, type: 'regular' });
    const found = customerSearch.response.parse((await c.call(customerSearch, { query: 'q=hass' })).body);
    expect(found.map((u) => u.username)).toEqual(['hassan']);
    const detail = customerDetail.response.parse((await c.call(customerDetail, { params: { username: 'hassan' } })).body);
    expect(detail.ledger).toEqual([]);
  });

  it('refuses a taken username or phone and a malformed username, making nothing', async () => {
    const c = await desk();
    const taken = await c.call(customerCreate, { body: { username: 'ali', password: 'first-pass' } });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toContain('The username ali is taken.');
    const phone = await c.call(customerCreate, { body: { username: 'newbie', password: 'first-pass', phoneNumber: '+9647701234567' } });
    expect(phone.status).toBe(409);
    expect(JSON.stringify(phone.body)).toContain('This phone number belongs to another account.');
    const bad = await c.call(customerCreate, { body: { username: 'no spaces!', password: 'first-pass' } });
    expect(bad.status).toBe(400);
    const short = await c.call(customerCreate, { body: { username: 'okname', password: '123' } });
    expect(short.status).toBe(400);
    const none = customerSearch.response.parse((await c.call(customerSearch, { query: 'q=okname' })).body);
    expect(none).toEqual([]);
  });
});

describe('the game catalogue for staff (issue 23: centre accounts bound to games picked by name)', () => {
  it('lists the games by name, one platform or all', async () => {
    const c = await desk();
    const all = adminGameCatalogue.response.parse((await c.call(adminGameCatalogue)).body);
    expect(all.length).toBeGreaterThan(1);
    expect(all.map((g) => g.name)).toEqual([...all.map((g) => g.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const platform = all[0]!.platform;
    const one = adminGameCatalogue.response.parse((await c.call(adminGameCatalogue, { query: `platform=${platform}` })).body);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((g) => g.platform === platform)).toBe(true);
  });
});
