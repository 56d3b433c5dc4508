/**
 * fast-check arbitraries for the pricing properties (issue 26), shared by
 * `pricing.test.ts` and `pricing-offline.test.ts`: price lists with up to
 * three rate periods (some for another group), a member price, packages of
 * both kinds, instants around a week in November 2026.
 */
import fc from 'fast-check';
import { DAY_MS, HOUR_MS, emptyPriceList, type HeldPackage, type Meter, type RatePeriod } from '../../src/shared/pricing/index.js';

/** Local (UTC+3) wall time of a day in November 2026: 2026-11-27 is a Friday. */
const local = (date: string, hhmm: string): number => Date.parse(`${date}T${hhmm}:00+03:00`);
const FRI = '2026-11-27';
const SAT = '2026-11-28';
const SUN = '2026-11-29';

export const T0 = local(FRI, '00:00');
export const instant = fc.integer({ min: T0 - 3 * DAY_MS, max: T0 + 3 * DAY_MS });
const minuteOfDay = fc.integer({ min: 0, max: 1439 });
const arbPeriod = fc.record({
  id: fc.constantFrom('p1', 'p2', 'p3'),
  name: fc.constant('period'),
  groupIds: fc.constantFrom<string[] | null>(null, ['grp-std'], ['grp-vip']),
  weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
  dates: fc.constantFrom<string[]>([], [FRI], [SAT, SUN]),
  start: minuteOfDay,
  end: minuteOfDay,
  hourlyRate: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
  percentOff: fc.integer({ min: 0, max: 100 }),
}).map((p): RatePeriod => ({ ...p, percentOff: p.hourlyRate === null ? p.percentOff : null }));

export const arbMeter = fc.record({
  periods: fc.array(arbPeriod, { maxLength: 3 }),
  baseRate: fc.integer({ min: 0, max: 5000 }),
  tierPercent: fc.integer({ min: 0, max: 100 }),
  member: fc.boolean(),
  utcOffsetMinutes: fc.constantFrom(180, 0, -300, 330),
}).map(({ periods, baseRate, tierPercent, member, utcOffsetMinutes }): Meter => ({
  list: { ...emptyPriceList(), utcOffsetMinutes, periods, tierPrices: [{ tierId: 'gold', percentOff: tierPercent }] },
  baseRate,
  groupId: 'grp-std',
  tierId: member ? 'gold' : null,
}));

export const arbPackages = fc.array(
  fc.record({
    kind: fc.constantFrom<'time' | 'window'>('time', 'window'),
    groupIds: fc.constantFrom<string[] | null>(null, ['grp-std'], ['grp-vip']),
    validFrom: instant,
    length: fc.integer({ min: 1, max: 2 * DAY_MS }),
    msLeft: fc.integer({ min: 0, max: 5 * HOUR_MS }),
  }),
  { maxLength: 3 },
).map((ps): HeldPackage[] =>
  ps.map((p, i) => ({
    id: `h${i}`,
    kind: p.kind,
    groupIds: p.groupIds,
    validFrom: p.validFrom,
    validUntil: p.validFrom + p.length,
    msLeft: p.kind === 'time' ? p.msLeft : null,
  })),
);

export const sorted3 = fc.tuple(instant, fc.integer({ min: 0, max: 2 * DAY_MS }), fc.integer({ min: 0, max: 2 * DAY_MS })).map(([a, x, y]) => {
  const [d1, d2] = x < y ? [x, y] : [y, x];
  return [a, a + d1, a + d2] as const;
});

