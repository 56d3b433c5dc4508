/** A cafe's own stations (issue 22, item 8): the owner adds, renames, renumbers and regroups a PC, then pairs it. */
import { describe, expect, it } from 'vitest';
import {
  adminAddStation,
  adminEditStation,
  adminPairingCode,
  stationEnrolmentExchange,
} from '../../src/shared/api/routes.js';
import { parseCafeArgs } from '../../src/server/cli/args.js';
import { UsageError } from '../../src/server/config/argv.js';
import { fail, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

describe('the owner adds and edits stations', () => {
  it('adds st-09 as #9 in a group, renames, renumbers and regroups it, then pairs it', async () => {
    const added = await ok(t.url, adminAddStation, { body: { stationId: 'st-09', number: 9, group: 'VIP' }, token: t.admin });
    expect(added).toMatchObject({ id: 'st-09', number: 9, name: 'PC-09', groupName: 'VIP', paired: false });
    const edited = await ok(t.url, adminEditStation, { params: { stationId: 'st-09' }, body: { name: 'Corner PC', number: 19, group: null }, token: t.admin });
    expect(edited).toMatchObject({ id: 'st-09', number: 19, name: 'Corner PC', groupId: null, paired: false });

    const { pairingCode } = await ok(t.url, adminPairingCode, { params: { stationId: 'st-09' }, token: t.admin });
    const { stationCredential } = await ok(t.url, stationEnrolmentExchange, { body: { stationId: 'st-09', pairingCode, macAddress: '02:53:50:00:00:19', pcName: 'CORNER' } });
    expect(stationCredential).toMatch(/^spst_/);
    expect((await ok(t.url, adminEditStation, { params: { stationId: 'st-09' }, body: { name: 'Corner' }, token: t.admin })).paired).toBe(true);
  });

  it('refuses a taken id or number (409), an unknown group (400) and a customer (403), writing nothing', async () => {
    expect(await fail(t.url, adminAddStation, { body: { stationId: 'st-01', number: 50 }, token: t.admin })).toMatchObject({ statusCode: 409 });
    expect(await fail(t.url, adminAddStation, { body: { stationId: 'st-50', number: 1 }, token: t.admin })).toMatchObject({ statusCode: 409, message: 'Number 1 is already station st-01.' });
    expect(await fail(t.url, adminAddStation, { body: { stationId: 'st-50', number: 50, group: 'Nope' }, token: t.admin })).toMatchObject({ statusCode: 400 });
    expect(await fail(t.url, adminAddStation, { body: { stationId: 'bad id!', number: 50 }, token: t.admin })).toMatchObject({ statusCode: 400 });
    expect(await fail(t.url, adminEditStation, { params: { stationId: 'st-02' }, body: { number: 1 }, token: t.admin })).toMatchObject({ statusCode: 409 });
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    expect(await fail(t.url, adminAddStation, { body: { stationId: 'st-50', number: 50 }, token: ali.accessToken })).toMatchObject({ statusCode: 403 });
    expect(await t.server.db.selectFrom('stations').select('id').where('id', '=', 'st-50').executeTakeFirst()).toBeUndefined();
  });

  it('the CLI: station add / edit', () => {
    expect(parseCafeArgs(['station', 'add', 'st-09', '--number', '9', '--group', 'VIP']).command).toEqual({ name: 'station add', stationId: 'st-09', number: 9, group: 'VIP' });
    expect(parseCafeArgs(['station', 'edit', 'st-09', '--group', 'none', '--name', 'Corner']).command).toEqual({ name: 'station edit', stationId: 'st-09', stationName: 'Corner', group: null });
    for (const argv of [['station', 'add', 'st-09'], ['station', 'edit', 'st-09'], ['station', 'remove', 'st-09'], ['stations', '--number', '3']]) {
      expect(() => parseCafeArgs(argv)).toThrow(UsageError);
    }
  });
});
