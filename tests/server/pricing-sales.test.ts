/**
 * Selling packages (issue 26): at the counter for cash or card (into the open
 * shift, ledger lines like every money movement), from the kiosk with the
 * customer's balance (refused, selling nothing, when it is too small); the
 * package then plays before the money and the shift report shows the sale
 * and what the play was billed as.
 */
import { describe, expect, it } from 'vitest';
import {
  adminAddBalance,
  adminCustomerPackages,
  adminSellPackage,
  adminSetPricing,
  adminStations,
  buyPackage,
  customerPackages,
  openShift,
  shiftReport,
} from '../../src/shared/api/routes.js';
import { emptyPriceList, HOUR_MS, type PriceList } from '../../src/shared/pricing/index.js';
import { verifyLedger } from '../../src/server/wallet/service.js';
import { deskToken, fail, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const LIST: PriceList = {
  ...emptyPriceList(),
  timePackages: [
    { id: 'three-hours', name: '3 hours', minutes: 180, price: 4000, groupIds: null, validDays: 30, active: true },
    { id: 'retired', name: 'Old deal', minutes: 60, price: 1, groupIds: null, validDays: 1, active: false },
  ],
  windowPackages: [{ id: 'night', name: 'Night', price: 6000, groupIds: null, start: 22 * 60, end: 8 * 60, weekdays: [], active: true }],
};

const balance = async (username: string) =>
  (await t.server.db.selectFrom('users').select('balance').where('username', '=', username).executeTakeFirstOrThrow()).balance;

describe('selling packages', () => {
  it('at the counter for cash: into the shift, the balance untouched; it plays first and the shift report shows it', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const token = await deskToken(t.url);
    const shift = await ok(t.url, openShift, { body: { openingFloat: 10_000 }, token });
    const before = await balance('ali');
    const sold = await ok(t.url, adminSellPackage, { params: { username: 'ali' }, body: { packageId: 'three-hours', method: 'cash' }, token });
    expect(sold).toMatchObject({ packageId: 'three-hours', kind: 'time', name: '3 hours', minutesLeft: 180, price: 4000, method: 'cash' });
    expect(await balance('ali')).toBe(before);
    const lines = await t.server.db.selectFrom('balance_ledger').select(['kind', 'amount', 'payment_method', 'shift_id']).where('kind', 'in', ['package_sale', 'package']).orderBy('id').execute();
    expect(lines).toEqual([
      { kind: 'package_sale', amount: 4000, payment_method: 'cash', shift_id: shift.id },
      { kind: 'package', amount: -4000, payment_method: null, shift_id: null },
    ]);

    // Played at the kiosk: an hour of the package, nothing from the balance.
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    await t.clock.advance(HOUR_MS);
    expect(await balance('ali')).toBe(before);
    const mine = await ok(t.url, customerPackages, { token: ali.accessToken });
    expect(mine.held).toEqual([expect.objectContaining({ id: sold.id, minutesLeft: 120 })]);
    expect(mine.onSale.map((p) => [p.id, p.price, p.minutes, p.window])).toEqual([
      ['three-hours', 4000, 180, null],
      ['night', 6000, null, '22:00–08:00'],
    ]);
    expect(await ok(t.url, adminCustomerPackages, { params: { username: 'ali' }, token })).toEqual(mine.held);

    const report = await ok(t.url, shiftReport, { params: { id: shift.id }, token });
    expect(report.packages).toEqual({ cash: 4000, card: 0, count: 1 });
    expect(report.expectedCash).toBe(14_000);
    expect(report.play).toEqual({ plain: 0, periods: [], packageMinutes: 60 });
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);
  });

  it('from the kiosk with the balance; too little balance sells nothing; unknown or retired packages are refused', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const before = await balance('sara');
    const night = await ok(t.url, buyPackage, { body: { packageId: 'night' }, token: sara.accessToken });
    expect(night).toMatchObject({ kind: 'window', price: 6000, method: 'balance', minutesLeft: null });
    expect(Date.parse(night.validUntil) - Date.parse(night.validFrom)).toBe(10 * HOUR_MS);
    expect(await balance('sara')).toBe(before - 6000);

    await ok(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: 100 - (await balance('sara')) }, token: t.admin });
    const poor = await fail(t.url, buyPackage, { body: { packageId: 'three-hours' }, token: sara.accessToken });
    expect(poor.statusCode).toBe(400);
    expect(poor.message).toMatch(/cannot go below 0/);
    expect((await ok(t.url, customerPackages, { token: sara.accessToken })).held.map((p) => p.packageId)).toEqual(['night']);

    expect(await fail(t.url, buyPackage, { body: { packageId: 'retired' }, token: sara.accessToken })).toMatchObject({ statusCode: 404, message: 'No package retired is on sale.' });
    expect(await fail(t.url, adminSellPackage, { params: { username: 'nobody' }, body: { packageId: 'night', method: 'card' }, token: t.admin })).toMatchObject({ statusCode: 404 });
  });

  it('a customer under 100 IQD who holds a package that plays here is not held at the top-up gate; one without is', async () => {
    const groups = await t.server.db.selectFrom('station_groups').select(['id', 'name']).execute();
    const vip = groups.find((g) => g.name === 'VIP')!.id;
    const vipOnly: PriceList = {
      ...LIST,
      timePackages: [{ id: 'vip-hour', name: 'VIP hour', minutes: 60, price: 0, groupIds: [vip], validDays: 1, active: true }],
    };
    await ok(t.url, adminSetPricing, { body: vipOnly, token: t.admin });
    await ok(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: 50 - (await balance('sara')) }, token: t.admin });

    // No package: held at the gate.
    const before = await login(t.url, 'sara', 'sara12345', 6);
    expect(before.user.requireBalanceTopUp).toBe(true);
    await ok(t.url, adminSellPackage, { params: { username: 'sara' }, body: { packageId: 'vip-hour', method: 'cash' }, token: t.admin });

    // A VIP station (the package's group): no gate, and the hour plays before the 50 IQD.
    const vipLogin = await login(t.url, 'sara', 'sara12345', 6);
    expect(vipLogin.user.requireBalanceTopUp).toBe(false);
    const session = await t.server.db.selectFrom('client_sessions').select(['gate']).where('id', '=', vipLogin.sessionId).executeTakeFirstOrThrow();
    expect(session.gate).toBeNull();
    const room = await ok(t.url, adminStations, { token: t.admin });
    // 60 minutes of package, then 50 IQD at 3,000 IQD/hour: 1 more minute.
    expect(room.find((s) => s.id === 'st-06')?.currentSession).toMatchObject({ username: 'sara', remainingMinutes: 61 });

    // A standard station (not the package's group): the gate holds.
    const standard = await login(t.url, 'sara', 'sara12345', 2);
    expect(standard.user.requireBalanceTopUp).toBe(true);
    const held = await t.server.db.selectFrom('client_sessions').select(['gate']).where('id', '=', standard.sessionId).executeTakeFirstOrThrow();
    expect(held.gate).toBe('top_up');
  });

  it("the room's remaining minutes follow the price list (a happy hour doubles them), not the plain rate", async () => {
    await ok(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: 3000 - (await balance('sara')) }, token: t.admin });
    await login(t.url, 'sara', 'sara12345', 6);
    const minutesLeft = async () => (await ok(t.url, adminStations, { token: t.admin })).find((s) => s.id === 'st-06')?.currentSession?.remainingMinutes;
    expect(await minutesLeft()).toBe(60);
    await ok(t.url, adminSetPricing, {
      body: {
        ...emptyPriceList(),
        periods: [{ id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4, 5, 6], dates: [], start: 0, end: 0, hourlyRate: null, percentOff: 50 }],
      },
      token: t.admin,
    });
    expect(await minutesLeft()).toBe(120);
    await t.clock.advance(10 * 60_000 + 30_000);
    // Ten and a half minutes at 1,500 IQD/hour since; the room counts the half minute not yet billed too.
    expect(await minutesLeft()).toBe(109);
  });
});
