/**
 * A cafe's price list (issue 26), as the owner enters it and as the pricing
 * arithmetic reads it. Shared by the server (billing, the admin routes) and
 * the kiosk (the offline countdown), so both use the very same rules.
 *
 * Times of day are local minutes (0–1439) in the cafe's fixed UTC offset
 * (Iraq: +180, no daylight saving). A window [start, end) with end ≤ start
 * crosses midnight (22:00–08:00 is start 1320, end 480); start = end is the
 * whole day. A window "happens on" a day when it starts on that day.
 */
import { z } from 'zod';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;
/** The cafe's UTC offset when the owner has not set one: Iraq, UTC+3. */
export const DEFAULT_UTC_OFFSET_MINUTES = 180;

/**
 * Money is counted exactly in "units": an hourly rate (whole IQD) × milliseconds.
 * 3,600,000 units are 1 IQD, so the cost of any interval is a whole number of
 * units and the costs of two halves add up to the cost of the whole.
 */
export const UNITS_PER_IQD = HOUR_MS;

const pricingId = z.string().trim().min(1).max(64);
const label = z.string().trim().min(1).max(64);
const iqd = z.number().int('IQD amounts are whole numbers').min(0).max(100_000_000);
const percent = z.number().int('A percentage is a whole number').min(0).max(100);
export const minuteOfDay = z.number().int('A time of day is whole minutes').min(0).max(MINUTES_PER_DAY - 1);
/** 0 = Sunday … 6 = Saturday. */
const weekday = z.number().int().min(0).max(6);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD');
/** null: every station group. */
const groupIds = z.array(z.string().min(1).max(128)).max(64).nullable();

/**
 * A different hourly rate, or a percentage off the group's rate, on chosen
 * weekdays and/or dates (holidays), between two times of day.
 */
export const ratePeriodSchema = z.object({
  id: pricingId,
  name: label,
  groupIds,
  weekdays: z.array(weekday).max(7),
  dates: z.array(isoDate).max(366),
  start: minuteOfDay,
  end: minuteOfDay,
  /** Exactly one of hourlyRate and percentOff. */
  hourlyRate: iqd.nullable(),
  percentOff: percent.nullable(),
});
export type RatePeriod = z.infer<typeof ratePeriodSchema>;

/** N minutes of play for a price, usable in the groups it names, expiring D days after the sale. */
export const timePackageSchema = z.object({
  id: pricingId,
  name: label,
  minutes: z.number().int().min(1).max(100_000),
  price: iqd,
  groupIds,
  validDays: z.number().int().min(1).max(3650),
  /** An inactive package is no longer sold; the ones sold keep working. */
  active: z.boolean(),
});
export type TimePackage = z.infer<typeof timePackageSchema>;

/** A fixed price for a time window (a night 22:00–08:00), ending at the window's end. */
export const windowPackageSchema = z.object({
  id: pricingId,
  name: label,
  price: iqd,
  groupIds,
  start: minuteOfDay,
  end: minuteOfDay,
  /** The weekdays the window may start on; empty: every day. */
  weekdays: z.array(weekday).max(7),
  active: z.boolean(),
});
export type WindowPackage = z.infer<typeof windowPackageSchema>;

/** A member price: a percentage off for a tier. */
export const tierPriceSchema = z.object({ tierId: z.string().min(1).max(128), percentOff: percent });
export type TierPrice = z.infer<typeof tierPriceSchema>;

export const priceListSchema = z.object({
  utcOffsetMinutes: z.number().int().min(-720).max(840),
  periods: z.array(ratePeriodSchema).max(100),
  timePackages: z.array(timePackageSchema).max(100),
  windowPackages: z.array(windowPackageSchema).max(100),
  tierPrices: z.array(tierPriceSchema).max(100),
});
export type PriceList = z.infer<typeof priceListSchema>;

export const emptyPriceList = (): PriceList => ({
  utcOffsetMinutes: DEFAULT_UTC_OFFSET_MINUTES,
  periods: [],
  timePackages: [],
  windowPackages: [],
  tierPrices: [],
});

/** A package a customer holds: what was sold, made concrete in time (absolute ms). */
export interface HeldPackage {
  id: string;
  kind: 'time' | 'window';
  /** null: every group. */
  groupIds: string[] | null;
  /** Usable from this instant … */
  validFrom: number;
  /** … until this one (a time package's expiry, a window package's window end). */
  validUntil: number;
  /** Play time left on a time package, ms; null for a window package (the window is the limit). */
  msLeft: number | null;
}

/** Who plays where: what the price of a moment depends on, besides the clock and the packages. */
export interface Meter {
  list: PriceList;
  /** The station group's plain hourly rate, whole IQD (0: free). */
  baseRate: number;
  groupId: string | null;
  /** The customer's tier (member prices); null: none. */
  tierId: string | null;
}
