/**
 * What an interval of play costs, and when the money (or the package) runs out.
 *
 * The rule when several apply, at every instant: a package the customer
 * holds that is usable there and then plays first — a window package in its
 * window before a time package (its window will not come back), time
 * packages by the earliest expiry — and costs nothing more (a time package
 * is counted down by the time played); with no usable package, the rate in
 * force (`rates.ts`: the cheapest, then the member price) is charged by the
 * millisecond. The walk splits the interval exactly at every edge: a period
 * starting or ending, local midnight, a package becoming usable, expiring or
 * running out.
 *
 * Costs are exact whole "units" (rate × ms; `UNITS_PER_IQD` of them make an
 * IQD), so splitting an interval anywhere never changes its price. Rounding
 * to whole IQD happens only where money moves (`toIqd`).
 */
import { nextBoundary } from './calendar.js';
import { coversGroup, rateAt, rateEdges } from './rates.js';
import { DAY_MS, MINUTE_MS, UNITS_PER_IQD, type HeldPackage, type Meter } from './types.js';

export type Source = { kind: 'package'; packageId: string } | { kind: 'rate'; periodId: string | null };

export interface Segment {
  from: number;
  to: number;
  /** Whole IQD per hour charged over the segment (0 on a package). */
  hourlyRate: number;
  source: Source;
  /** Exact cost in units: hourlyRate × (to − from). */
  units: number;
}

/** How far ahead `runsOutAt` and `priceInForce` look. */
export const HORIZON_MS = 31 * DAY_MS;

/** The package that plays at t, if any (see the module comment for the order). */
export function packageAt(meter: Meter, packages: readonly HeldPackage[], t: number): HeldPackage | undefined {
  let best: HeldPackage | undefined;
  for (const p of packages) {
    if (!coversGroup(p.groupIds, meter.groupId) || t < p.validFrom || t >= p.validUntil) continue;
    if (p.kind === 'time' && (p.msLeft ?? 0) <= 0) continue;
    if (!best || before(p, best)) best = p;
  }
  return best;
}

function before(a: HeldPackage, b: HeldPackage): boolean {
  if (a.kind !== b.kind) return a.kind === 'window';
  if (a.validUntil !== b.validUntil) return a.validUntil < b.validUntil;
  return a.id < b.id;
}

const copy = (packages: readonly HeldPackage[]): HeldPackage[] => packages.map((p) => ({ ...p }));

/**
 * The segments of [from, to), in order. `held` is counted down as time
 * packages play (pass a copy you own).
 */
export function* walk(meter: Meter, held: HeldPackage[], from: number, to: number): Generator<Segment> {
  const edges = rateEdges(meter);
  let t = from;
  while (t < to) {
    let end = Math.min(to, nextBoundary(t, meter.list.utcOffsetMinutes, edges));
    for (const p of held) {
      if (p.validFrom > t) end = Math.min(end, p.validFrom);
      if (p.validUntil > t) end = Math.min(end, p.validUntil);
    }
    const pkg = packageAt(meter, held, t);
    if (pkg) {
      if (pkg.kind === 'time') {
        end = Math.min(end, t + (pkg.msLeft ?? 0));
        pkg.msLeft = (pkg.msLeft ?? 0) - (end - t);
      }
      yield { from: t, to: end, hourlyRate: 0, source: { kind: 'package', packageId: pkg.id }, units: 0 };
    } else {
      const rate = rateAt(meter, t);
      yield {
        from: t,
        to: end,
        hourlyRate: rate.hourlyRate,
        source: { kind: 'rate', periodId: rate.periodId },
        units: rate.hourlyRate * (end - t),
      };
    }
    t = end;
  }
}

/** What a stretch of play was billed as, summed by source (the reports' split). */
export interface Part {
  source: 'plain' | 'period' | 'package';
  /** The period's id or the held package's; null for plain time. */
  sourceId: string | null;
  ms: number;
  units: number;
}

export interface Priced {
  /** Exact cost of the interval, units. */
  units: number;
  /** The interval by source, in the order first met. */
  parts: Part[];
  /** Of which at the plain rate (member price included), units. */
  plainUnits: number;
  /** Of which at each rate period's rate, units by period id. */
  periodUnits: Record<string, number>;
  /** Play time taken from each package, ms by held-package id. */
  packageMs: Record<string, number>;
  /** The packages after the interval (time packages counted down). */
  packages: HeldPackage[];
}

/** What [from, to) costs and what it takes from the packages. */
export function priceInterval(meter: Meter, packages: readonly HeldPackage[], from: number, to: number): Priced {
  const held = copy(packages);
  const result: Priced = { units: 0, parts: [], plainUnits: 0, periodUnits: {}, packageMs: {}, packages: held };
  for (const s of walk(meter, held, from, to)) {
    addPart(result.parts, s);
    if (s.source.kind === 'package') {
      result.packageMs[s.source.packageId] = (result.packageMs[s.source.packageId] ?? 0) + (s.to - s.from);
      continue;
    }
    result.units += s.units;
    if (s.source.periodId === null) result.plainUnits += s.units;
    else result.periodUnits[s.source.periodId] = (result.periodUnits[s.source.periodId] ?? 0) + s.units;
  }
  return result;
}

function addPart(parts: Part[], s: Segment): void {
  const source = s.source.kind === 'package' ? 'package' : s.source.periodId === null ? 'plain' : 'period';
  const sourceId = s.source.kind === 'package' ? s.source.packageId : s.source.periodId;
  const part = parts.find((p) => p.source === source && p.sourceId === sourceId);
  if (part) {
    part.ms += s.to - s.from;
    part.units += s.units;
  } else parts.push({ source, sourceId, ms: s.to - s.from, units: s.units });
}

/**
 * Whole IQD charged for a stretch, shared out over its parts in proportion
 * to their exact cost (largest remainder; ties to the earlier part), so the
 * shares add up to the amount exactly.
 */
export function shareOut(amount: number, parts: readonly Part[]): number[] {
  const total = parts.reduce((sum, p) => sum + p.units, 0);
  if (total <= 0 || amount <= 0) return parts.map(() => 0);
  const exact = parts.map((p) => (amount * p.units) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

/**
 * The instant the money runs out: playing from `from` with `availableUnits`
 * to spend (and the packages), the first instant whose play could not be
 * paid. The price of [from, runsOutAt) is at most availableUnits, and one
 * millisecond more would cost more. null: nothing runs out within `horizonMs`
 * (free play, or money or packages for longer than that).
 */
export function runsOutAt(
  meter: Meter,
  packages: readonly HeldPackage[],
  from: number,
  availableUnits: number,
  horizonMs = HORIZON_MS,
): number | null {
  let left = Math.max(0, availableUnits);
  for (const s of walk(meter, copy(packages), from, from + horizonMs)) {
    if (s.units <= 0) continue;
    if (s.units > left) return s.from + Math.floor(left / s.hourlyRate);
    left -= s.units;
  }
  return null;
}

/** Whole minutes of play left (what the kiosk's header counts down); null: open-ended. */
export function minutesLeft(
  meter: Meter,
  packages: readonly HeldPackage[],
  now: number,
  availableUnits: number,
  horizonMs = HORIZON_MS,
): number | null {
  const end = runsOutAt(meter, packages, now, availableUnits, horizonMs);
  return end === null ? null : Math.floor((end - now) / MINUTE_MS);
}

/** Units → whole IQD: rounded down while a session runs (nothing charged ahead), up when it ends. */
export function toIqd(units: number, final: boolean): number {
  return Math.max(0, final ? Math.ceil(units / UNITS_PER_IQD) : Math.floor(units / UNITS_PER_IQD));
}

export interface PriceInForce {
  /** Whole IQD per hour now (0 while a package plays). */
  hourlyRate: number;
  /** The rate period giving it (a happy hour); null: the plain rate. */
  periodId: string | null;
  /** The held package playing now, if any. */
  packageId: string | null;
  /** When this price stops being the one in force; null: not within the horizon. */
  until: number | null;
}

/** The price in force at t (what the lock screen's side panel shows), and until when. */
export function priceInForce(
  meter: Meter,
  packages: readonly HeldPackage[],
  t: number,
  horizonMs = HORIZON_MS,
): PriceInForce {
  let first: Segment | undefined;
  for (const s of walk(meter, copy(packages), t, t + horizonMs)) {
    if (!first) {
      first = s;
      continue;
    }
    if (s.hourlyRate !== first.hourlyRate || !sameSource(s.source, first.source)) {
      return describe(first, s.from);
    }
  }
  return describe(first ?? walkOne(meter, t), null);
}

function walkOne(meter: Meter, t: number): Segment {
  const rate = rateAt(meter, t);
  return { from: t, to: t, hourlyRate: rate.hourlyRate, source: { kind: 'rate', periodId: rate.periodId }, units: 0 };
}

function sameSource(a: Source, b: Source): boolean {
  if (a.kind === 'package') return b.kind === 'package' && a.packageId === b.packageId;
  return b.kind === 'rate' && a.periodId === b.periodId;
}

function describe(s: Segment, until: number | null): PriceInForce {
  return {
    hourlyRate: s.hourlyRate,
    periodId: s.source.kind === 'rate' ? s.source.periodId : null,
    packageId: s.source.kind === 'package' ? s.source.packageId : null,
    until,
  };
}
