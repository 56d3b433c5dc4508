/**
 * The console's catalogue (issue 15, branch catalogue): station groups and
 * rates, a station's group, centre-account passwords (write-only; rotate;
 * reveal only for owners, audited, not cached), voiding prepaid cards (a batch
 * in one transaction, never a redeemed card, a voided card never redeems),
 * announcements and the WiFi QR the stations show. Roles and validation on each.
 */
import { describe, expect, it } from 'vitest';
import {
  adminAddGameAccount,
  adminAnnouncements,
  adminCreateAnnouncement,
  adminCreatePrepaidBatch,
  adminCreateStationGroup,
  adminGameAccounts,
  adminPrepaidBatchCards,
  adminPrepaidBatches,
  adminRevealGameAccountPassword,
  adminRotateGameAccountPassword,
  adminSetStationGroup,
  adminSetWifi,
  adminStationGroups,
  adminUpdateAnnouncement,
  adminUpdateStationGroup,
  adminVoidPrepaidBatch,
  adminVoidPrepaidCard,
  adminWifi,
  getStationDetails,
  redeemPrepaid,
  routeKey,
} from '../../src/shared/api/routes.js';
import { OWNER_ONLY } from '../../src/server/authority/admin-gate.js';
import { INVALID_CARD } from '../../src/server/prepaid/routes.js';
import { prepaidCodeHash } from '../../src/server/prepaid/rules.js';
import { wifiJoinText } from '../../src/server/catalogue/rules.js';
import { api, deskToken, fail, login, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

describe('station groups and hourly rates', () => {
  it('lists the groups with their rates and station counts; the owner creates and edits one', async () => {
    const groups = await ok(t.url, adminStationGroups, { token: t.admin });
    expect(groups.map((g) => [g.name, g.hourlyRate, g.stationCount])).toEqual([
      ['Standard', 1500, 5],
      ['VIP', 3000, 3],
    ]);
    const created = await ok(t.url, adminCreateStationGroup, { body: { name: 'Console corner', hourlyRate: 2000 }, token: t.admin });
    expect(created).toMatchObject({ name: 'Console corner', hourlyRate: 2000, stationCount: 0 });
    const vip = groups.find((g) => g.name === 'VIP')!;
    expect(await ok(t.url, adminUpdateStationGroup, { params: { id: vip.id }, body: { hourlyRate: 3500 }, token: t.admin })).toMatchObject({ name: 'VIP', hourlyRate: 3500 });

    // A station moved into the new group: the station is told its group and rate.
    await ok(t.url, adminSetStationGroup, { params: { stationId: 'st-07' }, body: { groupId: created.id }, token: t.admin });
    const details = await ok(t.url, getStationDetails, { body: { stationId: 'st-07' } });
    expect(details.group).toMatchObject({ id: created.id, hourlyRate: 2000 });
    expect((await ok(t.url, adminStationGroups, { token: t.admin })).find((g) => g.id === vip.id)?.stationCount).toBe(2);
  });

  it('refuses bad input with a clear message: a negative or fractional rate, a taken name, an empty change, unknown ids', async () => {
    const [standard] = await ok(t.url, adminStationGroups, { token: t.admin });
    expect((await fail(t.url, adminCreateStationGroup, { body: { name: 'X', hourlyRate: -1 }, token: t.admin })).statusCode).toBe(400);
    expect((await fail(t.url, adminCreateStationGroup, { body: { name: 'X', hourlyRate: 10.5 }, token: t.admin })).message).toMatch(/whole/);
    const taken = await fail(t.url, adminCreateStationGroup, { body: { name: 'vip', hourlyRate: 100 }, token: t.admin });
    expect(taken).toMatchObject({ statusCode: 409, message: 'There is already a group called vip.' });
    expect((await fail(t.url, adminUpdateStationGroup, { params: { id: standard!.id }, body: {}, token: t.admin })).message).toMatch(/Nothing to change/);
    expect((await fail(t.url, adminUpdateStationGroup, { params: { id: 'grp_nope' }, body: { hourlyRate: 1 }, token: t.admin })).statusCode).toBe(404);
    expect((await fail(t.url, adminSetStationGroup, { params: { stationId: 'st-01' }, body: { groupId: 'grp_nope' }, token: t.admin })).statusCode).toBe(404);
  });

  it('lets staff read the rates but not change them (owner only, and the refusal is audited)', async () => {
    const desk = await deskToken(t.url);
    const groups = await ok(t.url, adminStationGroups, { token: desk });
    const refused = await fail(t.url, adminUpdateStationGroup, { params: { id: groups[0]!.id }, body: { hourlyRate: 1 }, token: desk });
    expect(refused).toMatchObject({ statusCode: 403, message: OWNER_ONLY });
    expect((await ok(t.url, adminStationGroups, { token: t.admin }))[0]?.hourlyRate).toBe(groups[0]!.hourlyRate);
    await settle();
    const line = await t.server.db
      .selectFrom('audit_log')
      .select(['staff_username', 'status_code'])
      .where('action', '=', routeKey(adminUpdateStationGroup))
      .executeTakeFirst();
    expect(line).toEqual({ staff_username: 'desk', status_code: 403 });
  });
});

describe('centre-account passwords', () => {
  const add = () =>
    ok(t.url, adminAddGameAccount, { body: { platform: 3, username: 'arena_steam_9', password: 'first-secret-1' }, token: t.admin });

  it('never answers a password back: not on adding, listing or rotating; the audit line hides it', async () => {
    const account = await add();
    const listed = await api(t.url, 'GET', '/admin/game-accounts', { token: t.admin });
    expect(JSON.stringify(account)).not.toContain('first-secret-1');
    expect(JSON.stringify(listed.body)).not.toContain('first-secret-1');
    const rotated = await ok(t.url, adminRotateGameAccountPassword, { params: { id: account.id }, body: { password: 'second-secret-2' }, token: t.admin });
    expect(rotated).toEqual({ success: true, id: account.id });
    await settle();
    const lines = await t.server.db.selectFrom('audit_log').select(['action', 'detail']).execute();
    const text = JSON.stringify(lines);
    expect(text).toContain(routeKey(adminRotateGameAccountPassword));
    expect(text).not.toContain('first-secret-1');
    expect(text).not.toContain('second-secret-2');
  });

  it('reveals the current password to an owner only, uncached, with an audit line that does not hold it', async () => {
    const account = await add();
    await ok(t.url, adminRotateGameAccountPassword, { params: { id: account.id }, body: { password: 'rotated-pw-3' }, token: t.admin });
    const reply = await fetch(`${t.url}/admin/game-accounts/${account.id}/reveal`, { method: 'POST', headers: { authorization: `Bearer ${t.admin}` } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(await reply.json()).toEqual({ id: account.id, username: 'arena_steam_9', password: 'rotated-pw-3' });

    const desk = await deskToken(t.url);
    expect(await fail(t.url, adminRevealGameAccountPassword, { params: { id: account.id }, token: desk })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, adminRotateGameAccountPassword, { params: { id: account.id }, body: { password: 'x' }, token: desk })).toMatchObject({ statusCode: 403 });
    await settle();
    const lines = await t.server.db
      .selectFrom('audit_log')
      .select(['staff_username', 'status_code', 'detail'])
      .where('action', '=', routeKey(adminRevealGameAccountPassword))
      .orderBy('at')
      .execute();
    expect(lines.map((l) => [l.staff_username, l.status_code])).toEqual([
      ['admin', 200],
      ['desk', 403],
    ]);
    expect(JSON.stringify(lines)).not.toContain('rotated-pw-3');
  });

  it('validates: an empty password, an unknown account', async () => {
    const account = await add();
    expect((await fail(t.url, adminRotateGameAccountPassword, { params: { id: account.id }, body: { password: '' }, token: t.admin })).statusCode).toBe(400);
    expect((await fail(t.url, adminRotateGameAccountPassword, { params: { id: 'gac_nope' }, body: { password: 'abc' }, token: t.admin })).statusCode).toBe(404);
    expect((await fail(t.url, adminRevealGameAccountPassword, { params: { id: 'gac_nope' }, token: t.admin })).statusCode).toBe(404);
    expect((await ok(t.url, adminGameAccounts, { token: t.admin })).some((a) => a.id === account.id)).toBe(true);
  });
});

describe('voiding prepaid cards', () => {
  it('voids every card of a batch not redeemed yet in one go; a redeemed one stays redeemed; a voided one never redeems', async () => {
    const { batch, codes } = await ok(t.url, adminCreatePrepaidBatch, { body: { count: 4, amount: 3000 }, token: t.admin });
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    await ok(t.url, redeemPrepaid, { body: { code: codes[0] }, token: ali.accessToken });
    await ok(t.url, adminVoidPrepaidCard, { params: { id: codes[1]!.toLowerCase() }, token: t.admin });

    const voided = await ok(t.url, adminVoidPrepaidBatch, { params: { id: batch.id }, token: t.admin });
    expect(voided).toEqual({ success: true, voided: 2, alreadyRedeemed: 1 });
    expect((await ok(t.url, adminPrepaidBatches, { token: t.admin })).find((b) => b.id === batch.id)).toMatchObject({ redeemedCount: 1, voidedCount: 3 });
    const cards = await ok(t.url, adminPrepaidBatchCards, { params: { id: batch.id }, token: t.admin });
    expect(cards.find((c) => c.hint === `RC-…-${codes[0]!.slice(-4)}` && c.redeemedBy !== null)).toMatchObject({ redeemedBy: 'ali', voidedAt: null });
    expect(JSON.stringify(cards)).not.toMatch(/RC-[A-Z0-9]{4}-/);
    expect(cards.filter((c) => c.voidedAt !== null)).toHaveLength(3);

    for (const code of codes.slice(1)) {
      expect(await fail(t.url, redeemPrepaid, { body: { code }, token: ali.accessToken })).toMatchObject({ statusCode: 400, message: INVALID_CARD });
    }
    // Voiding again changes nothing; a redeemed or voided card is a conflict, an unknown one not found.
    expect(await ok(t.url, adminVoidPrepaidBatch, { params: { id: batch.id }, token: t.admin })).toMatchObject({ voided: 0 });
    expect(await fail(t.url, adminVoidPrepaidCard, { params: { id: codes[0]! }, token: t.admin })).toMatchObject({ statusCode: 409, message: 'This card was already redeemed.' });
    expect(await fail(t.url, adminVoidPrepaidCard, { params: { id: codes[2]! }, token: t.admin })).toMatchObject({ statusCode: 409, message: 'This card is already void.' });
    expect((await fail(t.url, adminVoidPrepaidCard, { params: { id: 'RC-AAAA-BBBB-CCCC' }, token: t.admin })).statusCode).toBe(404);
    expect((await fail(t.url, adminVoidPrepaidBatch, { params: { id: 'pcb_nope' }, token: t.admin })).statusCode).toBe(404);
  });

  it('a card raced by a redeem and a void ends either redeemed or voided, never both', async () => {
    const { codes } = await ok(t.url, adminCreatePrepaidBatch, { body: { count: 6, amount: 1000 }, token: t.admin });
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    await Promise.all(
      codes.flatMap((code) => [
        api(t.url, 'POST', '/prepaid-cards/redeem', { body: { code }, token: sara.accessToken }),
        api(t.url, 'POST', `/admin/prepaid-cards/${code}/void`, { token: t.admin }),
      ]),
    );
    const rows = await t.server.db.selectFrom('prepaid_cards').select(['redeemed_at', 'voided_at']).where('code_hash', 'in', codes.map(prepaidCodeHash)).execute();
    for (const row of rows) expect([row.redeemed_at, row.voided_at].filter((v) => v !== null)).toHaveLength(1);
  });

  it('is the owner’s: staff are refused', async () => {
    const { batch } = await ok(t.url, adminCreatePrepaidBatch, { body: { count: 1, amount: 1000 }, token: t.admin });
    const desk = await deskToken(t.url);
    expect(await fail(t.url, adminVoidPrepaidBatch, { params: { id: batch.id }, token: desk })).toMatchObject({ statusCode: 403 });
    expect((await ok(t.url, adminPrepaidBatches, { token: t.admin }))[0]?.voidedCount).toBe(0);
  });
});

describe('announcements and the WiFi QR', () => {
  it('the stations show the newest active announcement; staff read, only the owner writes', async () => {
    t.clock.advance(60_000); // newer than the demo's announcement
    const made = await ok(t.url, adminCreateAnnouncement, { body: { title: 'Cup night', message: 'Friday 8 pm' }, token: t.admin });
    expect(made).toMatchObject({ title: 'Cup night', active: true });
    expect((await ok(t.url, getStationDetails, { body: { stationId: 'st-01' } })).announcement).toMatchObject({ title: 'Cup night' });
    await ok(t.url, adminUpdateAnnouncement, { params: { id: made.id }, body: { active: false }, token: t.admin });
    expect((await ok(t.url, getStationDetails, { body: { stationId: 'st-01' } })).announcement?.title).not.toBe('Cup night');

    const desk = await deskToken(t.url);
    expect((await ok(t.url, adminAnnouncements, { token: desk })).map((a) => a.id)).toContain(made.id);
    expect(await fail(t.url, adminCreateAnnouncement, { body: { title: 'x', message: 'y' }, token: desk })).toMatchObject({ statusCode: 403 });
    expect((await fail(t.url, adminCreateAnnouncement, { body: { title: '', message: 'y' }, token: t.admin })).statusCode).toBe(400);
    expect((await fail(t.url, adminUpdateAnnouncement, { params: { id: made.id }, body: {}, token: t.admin })).message).toMatch(/Nothing to change/);
  });

  it('makes the WiFi QR on the server, shows it at the stations, and takes it off', async () => {
    expect(await fail(t.url, adminSetWifi, { body: { ssid: 'Arena 5G', password: 'short' }, token: t.admin })).toMatchObject({
      statusCode: 400,
      message: 'A WPA network password is 8 to 63 characters.',
    });
    const set = await ok(t.url, adminSetWifi, { body: { ssid: 'Arena 5G', password: 'pa;ss-word' }, token: t.admin });
    expect(set.wifi).toMatchObject({ ssid: 'Arena 5G', active: true });
    expect(Buffer.from(set.wifi!.qrCodeBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await ok(t.url, getStationDetails, { body: { stationId: 'st-01' } })).wifiQR?.qrCodeBase64).toBe(set.wifi!.qrCodeBase64);
    expect(JSON.stringify(await t.server.db.selectFrom('wifi_qr').selectAll().execute())).not.toContain('pa;ss-word');
    expect(wifiJoinText('Arena 5G', 'pa;ss', 'WPA')).toBe('WIFI:T:WPA;S:Arena 5G;P:pa\\;ss;;');
    expect(wifiJoinText('Free', '', 'nopass')).toBe('WIFI:T:nopass;S:Free;;');

    expect(await ok(t.url, adminSetWifi, { body: { active: false }, token: t.admin })).toEqual({ wifi: null });
    expect((await ok(t.url, getStationDetails, { body: { stationId: 'st-01' } })).wifiQR).toBeNull();
    expect(await ok(t.url, adminWifi, { token: await deskToken(t.url) })).toEqual({ wifi: null });
    expect((await fail(t.url, adminSetWifi, { body: { ssid: '' }, token: t.admin })).statusCode).toBe(400);
  });
});
