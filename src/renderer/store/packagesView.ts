/** How a package reads at the kiosk (issue 26): its terms on sale, and what is left of one held. Pure. */
import type { MessageKey } from '../../shared/i18n/en.js';
import type { HeldPackage, PackageOnSale } from './packagesStore.js';

export interface Line {
  key: MessageKey;
  values: Record<string, string | number>;
}

/** HH:MM on the station's clock (24 h). */
export function clockTime(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** Day/month and HH:MM on the station's clock, e.g. 27/11 22:00. */
export function dayAndTime(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getDate()).padStart(2, '0')}/${String(at.getMonth() + 1).padStart(2, '0')} ${clockTime(iso)}`;
}

/** A package on sale: N minutes valid D days, or the window it plays. */
export function saleTerms(pkg: PackageOnSale): Line {
  if (pkg.kind === 'time') return { key: 'packages.timeTerms', values: { minutes: pkg.minutes ?? 0, days: pkg.validDays ?? 0 } };
  return { key: 'packages.windowTerms', values: { window: pkg.window ?? '' } };
}

/**
 * What is left of a held package at `nowMs`: a time package's minutes and
 * its expiry; a window package playing until its end, or the window to come.
 */
export function heldLeft(pkg: HeldPackage, nowMs: number): Line {
  if (pkg.kind === 'time') return { key: 'packages.minutesLeft', values: { minutes: pkg.minutesLeft ?? 0, date: dayAndTime(pkg.validUntil) } };
  if (Date.parse(pkg.validFrom) <= nowMs) return { key: 'packages.windowNow', values: { time: clockTime(pkg.validUntil) } };
  return { key: 'packages.windowLater', values: { from: dayAndTime(pkg.validFrom), until: clockTime(pkg.validUntil) } };
}
