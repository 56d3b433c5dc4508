/**
 * The owner's period report (issue 26): money by kind of sale, by station
 * group and by staff member, and a line per cafe day for the chart; play
 * split into plain time, rate periods and package minutes. Owner only; a
 * period that makes no sense is a clear 400.
 */
import { describe, expect, it } from 'vitest';
import {
  adminSalesReport,
  adminSellPackage,
  adminSetPricing,
  customerTopUp,
  openShift,
} from '../../src/shared/api/routes.js';
import { emptyPriceList, HOUR_MS, type PriceList } from '../../src/shared/pricing/index.js';
import { deskToken, fail, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

// The clock starts at 2025-01-10T18:00Z: 21:00 in the cafe (UTC+3), a Friday.
const LIST: PriceList = {
  ...emptyPriceList(),
  periods: [{ id: 'late', name: 'Late hour', groupIds: null, weekdays: [], dates: ['2025-01-10'], start: 21 * 60 + 30, end: 23 * 60, hourlyRate: null, percentOff: 50 }],
  timePackages: [{ id: 'hour', name: 'One hour', minutes: 60, price: 1200, groupIds: null, validDays: 7, active: true }],
};

describe('the period report', () => {
  it('by kind of sale, station group and staff member, with the day line split by plain time, periods and packages', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const desk = await deskToken(t.url);
    await ok(t.url, openShift, { body: { openingFloat: 0 }, token: desk });
    await ok(t.url, customerTopUp, { params: { username: 'ali' }, body: { amount: 5000, method: 'cash' }, token: desk });
    await ok(t.url, adminSellPackage, { params: { username: 'sara' }, body: { packageId: 'hour', method: 'card' }, token: desk });

    // Ali on a Standard PC (1,500 IQD/hour): 30 min plain, then 30 min of the late hour at half price.
    await login(t.url, 'ali', 'ali12345', 1);
    // Sara on a VIP PC: her hour plays on the package.
    await login(t.url, 'sara', 'sara12345', 6);
    await t.clock.advance(HOUR_MS);

    const report = await ok(t.url, adminSalesReport, { query: { from: '2025-01-10', to: '2025-01-10' }, token: t.admin });
    expect(report).toMatchObject({ from: '2025-01-10', to: '2025-01-10', utcOffsetMinutes: 180 });
    expect(report.byKind).toEqual([
      { kind: 'package', method: 'card', total: 1200, count: 1 },
      { kind: 'play_period', method: null, total: 375, count: 0 },
      { kind: 'play_plain', method: null, total: 750, count: 0 },
      { kind: 'top_up', method: 'cash', total: 5000, count: 1 },
    ]);
    expect(report.byGroup).toEqual([
      { groupId: expect.any(String), name: 'Standard', iqd: 1125, minutes: 60, packageMinutes: 0 },
      { groupId: expect.any(String), name: 'VIP', iqd: 0, minutes: 60, packageMinutes: 60 },
    ]);
    expect(report.byStaff).toEqual([{ staff: 'desk', cash: 5000, card: 1200, count: 2 }]);
    expect(report.days).toEqual([{ date: '2025-01-10', plain: 750, periods: 375, packageMinutes: 60, counter: 6200, prepaid: 0 }]);
    // One day by the hour (issue 23): 24 lines of the cafe's day, the same figures as the day's line, where they happened.
    expect(report.hours.map((h) => h.hour)).toEqual([...Array(24).keys()]);
    // The play was 21:00–22:00 (its last tick billed as 22:00 begins), the sales at 21:00; no other hour has anything.
    expect(report.hours.filter((h) => h.plain + h.periods + h.packageMinutes + h.counter > 0).map((h) => h.hour)).toEqual([21, 22]);
    expect(report.hours[21]).toMatchObject({ plain: 750, counter: 6200, prepaid: 0 });
    const sum = (pick: (h: (typeof report.hours)[number]) => number) => report.hours.reduce((s, h) => s + pick(h), 0);
    expect([sum((h) => h.plain), sum((h) => h.periods), sum((h) => h.packageMinutes), sum((h) => h.counter)]).toEqual([750, 375, 60, 6200]);
    // Money taken and play consumed, apart: the play was paid from balances, not taken again.
    expect(report.taken).toEqual({ cash: 5000, card: 1200, prepaid: 0 });
    expect(report.played).toBe(1125);

    // The day before and after: nothing, one line per day.
    const week = await ok(t.url, adminSalesReport, { query: { from: '2025-01-09', to: '2025-01-11' }, token: t.admin });
    expect(week.days.map((d) => [d.date, d.plain + d.periods, d.counter])).toEqual([
      ['2025-01-09', 0, 0],
      ['2025-01-10', 1125, 6200],
      ['2025-01-11', 0, 0],
    ]);
    // A longer period has no hours: its chart is by day.
    expect(week.hours).toEqual([]);
  });

  it('is the owner’s: the desk is refused; a period backwards or too long is a clear 400', async () => {
    const desk = await deskToken(t.url);
    expect((await fail(t.url, adminSalesReport, { query: { from: '2025-01-10', to: '2025-01-10' }, token: desk })).statusCode).toBe(403);
    expect(await fail(t.url, adminSalesReport, { query: { from: '2025-01-10', to: '2025-01-09' }, token: t.admin })).toMatchObject({
      statusCode: 400,
      message: 'The period ends before it starts: choose a "to" date on or after the "from" date.',
    });
    expect((await fail(t.url, adminSalesReport, { query: { from: '2024-01-01', to: '2025-06-30' }, token: t.admin })).message).toMatch(/at most 366 days/);
    expect((await fail(t.url, adminSalesReport, { query: { from: 'yesterday', to: '2025-01-09' }, token: t.admin })).statusCode).toBe(400);
  });
});
