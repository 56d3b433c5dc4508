/**
 * The hourly rate in force at an instant, without packages.
 *
 * The rule when several apply: the group's plain rate is always in force;
 * each rate period in force offers its own rate (a fixed hourly rate, or the
 * plain rate less its percentage); the CHEAPEST wins (on a tie the plain rate,
 * then the period listed first). A period therefore never raises a price.
 * Then the member price: the customer's tier takes its percentage off that
 * rate. Every percentage is taken off in whole IQD per hour, rounded down
 * (in the customer's favour), so a rate is always a whole number of IQD per
 * hour, never below 0 and never above the plain rate.
 */
import { daysTest, occurrenceAt } from './calendar.js';
import type { Meter, RatePeriod } from './types.js';

export interface RateInForce {
  /** Whole IQD per hour, member price included. */
  hourlyRate: number;
  /** The period that gave the rate; null: the plain rate. */
  periodId: string | null;
}

/** rate less percent %, in whole IQD per hour, rounded down. */
export function percentOff(rate: number, percent: number): number {
  const p = Math.min(100, Math.max(0, percent));
  return Math.max(0, Math.floor((rate * (100 - p)) / 100));
}

export function coversGroup(groupIds: readonly string[] | null, groupId: string | null): boolean {
  return groupIds === null || (groupId !== null && groupIds.includes(groupId));
}

/** The rate a period offers on a plain rate. */
export function periodRate(period: Pick<RatePeriod, 'hourlyRate' | 'percentOff'>, baseRate: number): number {
  if (period.hourlyRate !== null) return period.hourlyRate;
  return percentOff(baseRate, period.percentOff ?? 0);
}

export function periodInForce(period: RatePeriod, t: number, utcOffsetMinutes: number): boolean {
  return occurrenceAt(period, daysTest(period.weekdays, period.dates), t, utcOffsetMinutes) !== null;
}

export function tierPercent(meter: Meter): number {
  if (meter.tierId === null) return 0;
  return meter.list.tierPrices.find((p) => p.tierId === meter.tierId)?.percentOff ?? 0;
}

export function rateAt(meter: Meter, t: number): RateInForce {
  let best: RateInForce = { hourlyRate: Math.max(0, meter.baseRate), periodId: null };
  for (const period of meter.list.periods) {
    if (!coversGroup(period.groupIds, meter.groupId)) continue;
    if (!periodInForce(period, t, meter.list.utcOffsetMinutes)) continue;
    const rate = periodRate(period, Math.max(0, meter.baseRate));
    if (rate < best.hourlyRate) best = { hourlyRate: rate, periodId: period.id };
  }
  return { hourlyRate: percentOff(best.hourlyRate, tierPercent(meter)), periodId: best.periodId };
}

/** Every local minute of day at which some rate may change (period edges). */
export function rateEdges(meter: Meter): number[] {
  const edges = new Set<number>();
  for (const period of meter.list.periods) {
    if (!coversGroup(period.groupIds, meter.groupId)) continue;
    edges.add(period.start);
    edges.add(period.end);
  }
  return [...edges];
}
