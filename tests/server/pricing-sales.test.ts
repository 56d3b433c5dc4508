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
  adminLogin,
  adminSellPackage,
  adminSetPricing,
  buyPackage,
  customerPackages,
  openShift,
  shiftReport,
} from '../../src/shared/api/routes.js';
import { emptyPriceList, HOUR_MS, type PriceList } from '../../src/shared/pricing/index.js';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { verifyLedger } from '../../src/server/wallet/service.js';
import { fail, login, ok } from './support/harness.js';
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

async function desk(): Promise<string> {
  const { accessToken } = await ok(t.url, adminLogin, { body: { username: DEMO_STAFF.username, password: DEMO_STAFF.password } });
  return accessToken;
}

const balance = async (username: string) =>
  (await t.server.db.selectFrom('users').select('balance').where('username', '=', username).executeTakeFirstOrThrow()).balance;

describe('selling packages', () => {
  it('at the counter for cash: into the shift, the balance untouched; it plays first and the shift report shows it', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const token = await desk();
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
});
