/**
 * Selling a package: what the customer then holds, concrete in time.
 * - a time package: its minutes, usable from the sale until `validDays` days later;
 * - a window package: the occurrence of its window that is open at the sale
 *   (the rest of tonight), else the next one to open; it ends at the window's end.
 */
import { currentOrNext, daysTest } from './calendar.js';
import { DAY_MS, MINUTE_MS, type HeldPackage, type TimePackage, type WindowPackage } from './types.js';

export function heldTimePackage(pkg: TimePackage, heldId: string, soldAt: number): HeldPackage {
  return {
    id: heldId,
    kind: 'time',
    groupIds: pkg.groupIds,
    validFrom: soldAt,
    validUntil: soldAt + pkg.validDays * DAY_MS,
    msLeft: pkg.minutes * MINUTE_MS,
  };
}

/** The window a window package sold at `soldAt` covers; null if it never opens (no weekday within a week). */
export function windowFor(pkg: WindowPackage, soldAt: number, utcOffsetMinutes: number): { from: number; until: number } | null {
  const happensOn = pkg.weekdays.length === 0 ? () => true : daysTest(pkg.weekdays);
  return currentOrNext(pkg, happensOn, soldAt, utcOffsetMinutes, 8);
}

export function heldWindowPackage(
  pkg: WindowPackage,
  heldId: string,
  soldAt: number,
  utcOffsetMinutes: number,
): HeldPackage | null {
  const window = windowFor(pkg, soldAt, utcOffsetMinutes);
  if (!window) return null;
  return { id: heldId, kind: 'window', groupIds: pkg.groupIds, validFrom: window.from, validUntil: window.until, msLeft: null };
}

/** Whether a held package can still play at or after t (not expired, minutes left). */
export function stillUsable(p: HeldPackage, t: number): boolean {
  return t < p.validUntil && (p.kind === 'window' || (p.msLeft ?? 0) > 0);
}
