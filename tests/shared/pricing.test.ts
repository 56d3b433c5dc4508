import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  UNITS_PER_IQD,
  emptyPriceList,
  heldTimePackage,
  heldWindowPackage,
  minutesLeft,
  priceInForce,
  priceInterval,
  priceListIssues,
  priceListProblems,
  rateAt,
  runsOutAt,
  shareOut,
  toIqd,
  type HeldPackage,
  type Meter,
  type PriceList,
  type RatePeriod,
  type WindowPackage,
} from '../../src/shared/pricing/index.js';

/** Local (UTC+3) wall time of a day in November 2026: 2026-11-27 is a Friday. */
const local = (date: string, hhmm: string): number => Date.parse(`${date}T${hhmm}:00+03:00`);
const FRI = '2026-11-27';
const SAT = '2026-11-28';
const SUN = '2026-11-29';

const period = (over: Partial<RatePeriod>): RatePeriod => ({
  id: 'p',
  name: 'Happy hour',
  groupIds: null,
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  dates: [],
  start: 14 * 60,
  end: 17 * 60,
  hourlyRate: null,
  percentOff: 50,
  ...over,
});

const meter = (list: Partial<PriceList>, over: Partial<Meter> = {}): Meter => ({
  list: { ...emptyPriceList(), ...list },
  baseRate: 2000,
  groupId: 'grp-std',
  tierId: null,
  ...over,
});

const iqd = (units: number) => units / UNITS_PER_IQD;

describe('the rate in force', () => {
  it('a happy hour halves the rate between its hours, and only then', () => {
    const m = meter({ periods: [period({})] });
    expect(rateAt(m, local(FRI, '13:59'))).toEqual({ hourlyRate: 2000, periodId: null });
    expect(rateAt(m, local(FRI, '14:00'))).toEqual({ hourlyRate: 1000, periodId: 'p' });
    expect(rateAt(m, local(FRI, '16:59'))).toEqual({ hourlyRate: 1000, periodId: 'p' });
    expect(rateAt(m, local(FRI, '17:00'))).toEqual({ hourlyRate: 2000, periodId: null });
  });

  it('a night crossing midnight belongs to the day it starts on', () => {
    const m = meter({ periods: [period({ id: 'fri-night', weekdays: [5], start: 22 * 60, end: 8 * 60, percentOff: null, hourlyRate: 1200 })] });
    expect(rateAt(m, local(FRI, '21:59')).hourlyRate).toBe(2000);
    expect(rateAt(m, local(FRI, '22:00')).hourlyRate).toBe(1200);
    expect(rateAt(m, local(SAT, '03:00')).hourlyRate).toBe(1200); // Friday's night
    expect(rateAt(m, local(SAT, '08:00')).hourlyRate).toBe(2000);
    expect(rateAt(m, local(SAT, '23:00')).hourlyRate).toBe(2000); // Saturday is not listed
  });

  it('a holiday on a given date, all day (start = end)', () => {
    const m = meter({ periods: [period({ id: 'eid', weekdays: [], dates: [SUN], start: 0, end: 0, percentOff: 25 })] });
    expect(rateAt(m, local(SAT, '23:59')).hourlyRate).toBe(2000);
    expect(rateAt(m, local(SUN, '00:00')).hourlyRate).toBe(1500);
    expect(rateAt(m, local(SUN, '23:59')).hourlyRate).toBe(1500);
  });

  it('the cheapest rate in force wins, a period never raises the price, and the member price comes off it', () => {
    const list = {
      periods: [
        period({ id: 'surcharge', percentOff: null, hourlyRate: 3000 }),
        period({ id: 'third-off', percentOff: 33 }),
        period({ id: 'flat', percentOff: null, hourlyRate: 1500 }),
      ],
      tierPrices: [{ tierId: 'gold', percentOff: 10 }],
    };
    expect(rateAt(meter(list), local(FRI, '15:00'))).toEqual({ hourlyRate: 1340, periodId: 'third-off' });
    expect(rateAt(meter(list, { tierId: 'gold' }), local(FRI, '15:00'))).toEqual({ hourlyRate: 1206, periodId: 'third-off' });
    expect(rateAt(meter(list, { tierId: 'gold' }), local(FRI, '18:00'))).toEqual({ hourlyRate: 1800, periodId: null });
  });

  it('a percentage is taken off in whole IQD per hour, rounded down', () => {
    expect(rateAt(meter({ periods: [period({ percentOff: 33 })] }, { baseRate: 1001 }), local(FRI, '15:00')).hourlyRate).toBe(670); // 670.67
  });

  it('a period for other groups does not apply', () => {
    const m = meter({ periods: [period({ groupIds: ['grp-vip'] })] });
    expect(rateAt(m, local(FRI, '15:00')).hourlyRate).toBe(2000);
    expect(rateAt({ ...m, groupId: 'grp-vip' }, local(FRI, '15:00')).hourlyRate).toBe(1000);
  });
});

describe('pricing an interval', () => {
  it('crosses a happy hour exactly: 13:00–15:00 at 2,000 then 1,000 IQD/hour costs 3,000 IQD', () => {
    const m = meter({ periods: [period({})] });
    const priced = priceInterval(m, [], local(FRI, '13:00'), local(FRI, '15:00'));
    expect(iqd(priced.units)).toBe(3000);
    expect(iqd(priced.plainUnits)).toBe(2000);
    expect(iqd(priced.periodUnits.p ?? 0)).toBe(1000);
    expect(priced.parts).toEqual([
      { source: 'plain', sourceId: null, ms: HOUR_MS, units: 2000 * HOUR_MS },
      { source: 'period', sourceId: 'p', ms: HOUR_MS, units: 1000 * HOUR_MS },
    ]);
    expect(shareOut(3000, priced.parts)).toEqual([2000, 1000]);
    expect(shareOut(10, priced.parts)).toEqual([7, 3]); // 6.67 and 3.33: the larger remainder gets the odd IQD
  });

  it('a time package plays first, is counted down, and then the rate is charged', () => {
    const held = heldTimePackage({ id: 'three-hours', name: '3 h', minutes: 180, price: 4500, groupIds: null, validDays: 7, active: true }, 'h1', local(FRI, '10:00'));
    const priced = priceInterval(meter({}), [held], local(FRI, '10:00'), local(FRI, '14:00'));
    expect(priced.packageMs).toEqual({ h1: 3 * HOUR_MS });
    expect(priced.packages[0]?.msLeft).toBe(0);
    expect(iqd(priced.units)).toBe(2000); // the fourth hour
  });

  it('a time package expires after its days, minutes left or not', () => {
    const held = heldTimePackage({ id: 't', name: 't', minutes: 600, price: 1, groupIds: null, validDays: 1, active: true }, 'h1', local(FRI, '10:00'));
    const priced = priceInterval(meter({}), [held], local(SAT, '09:00'), local(SAT, '11:00'));
    expect(priced.packageMs).toEqual({ h1: HOUR_MS });
    expect(iqd(priced.units)).toBe(2000);
  });

  it('a window package sold in the afternoon covers 22:00–08:00 and ends at the window end', () => {
    const night: WindowPackage = { id: 'night', name: 'Night', price: 6000, groupIds: null, start: 22 * 60, end: 8 * 60, weekdays: [], active: true };
    const held = heldWindowPackage(night, 'h1', local(FRI, '15:00'), 180) as HeldPackage;
    expect(held).toMatchObject({ validFrom: local(FRI, '22:00'), validUntil: local(SAT, '08:00') });
    const priced = priceInterval(meter({}), [held], local(FRI, '21:00'), local(SAT, '09:00'));
    expect(priced.packageMs).toEqual({ h1: 10 * HOUR_MS });
    expect(iqd(priced.units)).toBe(4000); // 21–22 and 08–09
    // Sold at 01:00 it is the rest of the night that is open.
    expect(heldWindowPackage(night, 'h2', local(SAT, '01:00'), 180)).toMatchObject({ validFrom: local(FRI, '22:00'), validUntil: local(SAT, '08:00') });
  });

  it('a package named for another group does not play there', () => {
    const held = heldTimePackage({ id: 'vip', name: 'VIP', minutes: 60, price: 1, groupIds: ['grp-vip'], validDays: 1, active: true }, 'h1', local(FRI, '10:00'));
    expect(iqd(priceInterval(meter({}), [held], local(FRI, '10:00'), local(FRI, '11:00')).units)).toBe(2000);
  });

  it('rounds to whole IQD down while running and up at the end', () => {
    const units = 2000 * 55_000; // 55 s at 2,000 IQD/hour: 30.56 IQD
    expect(toIqd(units, false)).toBe(30);
    expect(toIqd(units, true)).toBe(31);
    expect(toIqd(2000 * HOUR_MS, true)).toBe(2000);
  });
});

describe('when the money runs out', () => {
  it('a happy hour starting now doubles the remaining time', () => {
    const m = meter({ periods: [period({})] });
    const money = 1000 * UNITS_PER_IQD;
    expect(minutesLeft(m, [], local(FRI, '13:00'), money)).toBe(30);
    expect(minutesLeft(m, [], local(FRI, '14:00'), money)).toBe(60);
    // 13:45 → 15 min at 2,000 (500 IQD), then 500 IQD at 1,000/hour: 30 min more.
    expect(runsOutAt(m, [], local(FRI, '13:45'), money)).toBe(local(FRI, '14:30'));
  });

  it('a package plays before the money, and free play never runs out', () => {
    const held = heldTimePackage({ id: 't', name: 't', minutes: 60, price: 1, groupIds: null, validDays: 1, active: true }, 'h1', local(FRI, '10:00'));
    expect(runsOutAt(meter({}), [held], local(FRI, '10:00'), 1000 * UNITS_PER_IQD)).toBe(local(FRI, '11:30'));
    expect(runsOutAt(meter({}, { baseRate: 0 }), [], local(FRI, '10:00'), 0)).toBeNull();
  });

  it('the price in force says until when (a happy hour with its end time)', () => {
    const m = meter({ periods: [period({})] });
    expect(priceInForce(m, [], local(FRI, '15:00'))).toEqual({ hourlyRate: 1000, periodId: 'p', packageId: null, until: local(FRI, '17:00') });
    expect(priceInForce(m, [], local(FRI, '12:00'))).toEqual({ hourlyRate: 2000, periodId: null, packageId: null, until: local(FRI, '14:00') });
  });
});

describe('price list problems', () => {
  it('names each problem clearly', () => {
    const list: PriceList = {
      ...emptyPriceList(),
      periods: [
        period({ id: 'a', name: 'Both', hourlyRate: 1000, percentOff: 10 }),
        period({ id: 'a', name: 'Never', weekdays: [], dates: ['2026-02-30'], groupIds: ['grp-x'] }),
      ],
      tierPrices: [{ tierId: 'gold', percentOff: 10 }, { tierId: 'gold', percentOff: 20 }],
    };
    expect(priceListProblems(list, { groupIds: ['grp-std'], tierIds: ['gold'] })).toEqual([
      'Rate period "Both" needs exactly one of hourlyRate (IQD per hour) and percentOff (0–100).',
      'Rate period id "a" is used twice: every period and package needs its own id.',
      'Rate period "Never": 2026-02-30 is not a date.',
      'Rate period "Never" names an unknown station group: grp-x.',
      'Tier gold has two member prices: give one.',
    ]);
    expect(priceListProblems({ ...emptyPriceList(), periods: [period({})] })).toEqual([]);
    // The same problems at their fields (what the console's form shows where the owner typed).
    expect(priceListIssues(list, { groupIds: ['grp-std'], tierIds: ['gold'] }).map((p) => `${p.path} ${p.code}`)).toEqual([
      'periods.0.hourlyRate rateOrPercent',
      'periods.1.id duplicateId',
      'periods.1.dates badDate',
      'periods.1.groupIds unknownGroup',
      'tierPrices.1.tierId duplicateTier',
    ]);
  });
});

// ── Properties ──────────────────────────────────────────────────────────────

import { arbMeter, arbPackages, instant, sorted3 } from './pricing-arbitraries.js';

describe('pricing properties', () => {
  it('splitting an interval anywhere never changes its price (nor what it takes from packages)', () => {
    fc.assert(
      fc.property(arbMeter, arbPackages, sorted3, (m, packages, [a, c, b]) => {
        const whole = priceInterval(m, packages, a, b);
        const first = priceInterval(m, packages, a, c);
        const second = priceInterval(m, first.packages, c, b);
        expect(first.units + second.units).toBe(whole.units);
        expect(second.packages).toEqual(whole.packages);
        for (const id of Object.keys(whole.packageMs)) {
          expect((first.packageMs[id] ?? 0) + (second.packageMs[id] ?? 0)).toBe(whole.packageMs[id]);
        }
      }),
    );
  });

  it('a price is never below zero nor above the plain rate, and grows with time', () => {
    fc.assert(
      fc.property(arbMeter, arbPackages, sorted3, (m, packages, [a, c, b]) => {
        const shorter = priceInterval(m, packages, a, c).units;
        const longer = priceInterval(m, packages, a, b).units;
        expect(shorter).toBeGreaterThanOrEqual(0);
        expect(longer).toBeLessThanOrEqual(m.baseRate * (b - a));
        expect(shorter).toBeLessThanOrEqual(longer);
        const { plainUnits, periodUnits, units } = priceInterval(m, packages, a, b);
        expect(plainUnits + Object.values(periodUnits).reduce((s, u) => s + u, 0)).toBe(units);
      }),
    );
  });

  it('the remaining time and the charge agree: the money buys exactly up to the instant it runs out', () => {
    const horizon = 3 * DAY_MS;
    fc.assert(
      fc.property(arbMeter, arbPackages, instant, fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: UNITS_PER_IQD - 1 }), (m, packages, from, money, fraction) => {
        const available = money * UNITS_PER_IQD + fraction;
        const end = runsOutAt(m, packages, from, available, horizon);
        if (end === null) {
          expect(priceInterval(m, packages, from, from + horizon).units).toBeLessThanOrEqual(available);
          return;
        }
        expect(priceInterval(m, packages, from, end).units).toBeLessThanOrEqual(available);
        expect(priceInterval(m, packages, from, end + 1).units).toBeGreaterThan(available);
        expect(minutesLeft(m, packages, from, available, horizon)).toBe(Math.floor((end - from) / MINUTE_MS));
      }),
    );
  });

  it('sharing a charge out over the parts adds up exactly, each share within 1 IQD of its exact part', () => {
    fc.assert(
      fc.property(arbMeter, arbPackages, sorted3, fc.integer({ min: 0, max: 100_000 }), (m, packages, [a, , b], amount) => {
        const { parts, units } = priceInterval(m, packages, a, b);
        const shares = shareOut(amount, parts);
        if (units === 0) {
          expect(shares.every((x) => x === 0)).toBe(true);
          return;
        }
        expect(shares.reduce((x, y) => x + y, 0)).toBe(amount);
        shares.forEach((share, i) => expect(Math.abs(share - (amount * parts[i]!.units) / units)).toBeLessThan(1));
      }),
    );
  });

  it('whole IQD: charged while running never exceeds the exact cost, the final charge never falls short of it by a whole IQD', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 3 * DAY_MS }), (rate, ms) => {
        const units = rate * ms;
        expect(toIqd(units, false) * UNITS_PER_IQD).toBeLessThanOrEqual(units);
        expect(toIqd(units, true) * UNITS_PER_IQD).toBeGreaterThanOrEqual(units);
        expect(toIqd(units, true) - toIqd(units, false)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
