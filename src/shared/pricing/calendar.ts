/**
 * Local time in the cafe's fixed UTC offset, and daily windows of time.
 * Pure: instants are epoch milliseconds, nothing reads the machine's clock or zone.
 */
import { DAY_MS, MINUTE_MS, MINUTES_PER_DAY } from './types.js';

export interface DailyWindow {
  /** Local minute of day the window opens. */
  start: number;
  /** Local minute of day it closes; ≤ start: the next day (start = end: 24 hours). */
  end: number;
}

/** Whether a window happens on the local day `dayIndex` (days since 1970-01-01, local). */
export type DayTest = (dayIndex: number) => boolean;

const floorDiv = (a: number, b: number): number => Math.floor(a / b);
const mod = (a: number, b: number): number => ((a % b) + b) % b;

/** The local day (days since 1970-01-01 in the cafe's offset) an instant falls on. */
export function localDay(t: number, utcOffsetMinutes: number): number {
  return floorDiv(t + utcOffsetMinutes * MINUTE_MS, DAY_MS);
}

/** The instant a local day starts (local midnight). */
export function dayStart(dayIndex: number, utcOffsetMinutes: number): number {
  return dayIndex * DAY_MS - utcOffsetMinutes * MINUTE_MS;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(dayIndex: number): number {
  return mod(dayIndex + 4, 7);
}

/** YYYY-MM-DD of a local day. */
export function dateOf(dayIndex: number): string {
  return new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);
}

/** The local day of a YYYY-MM-DD date. */
export function dayOfDate(date: string): number {
  return floorDiv(Date.parse(`${date}T00:00:00Z`), DAY_MS);
}

/** Length of a window in minutes (start = end: a whole day). */
export function windowMinutes(w: DailyWindow): number {
  const length = mod(w.end - w.start, MINUTES_PER_DAY);
  return length === 0 ? MINUTES_PER_DAY : length;
}

/** The occurrence of the window that starts on local day `dayIndex`: [from, until). */
export function occurrence(w: DailyWindow, dayIndex: number, utcOffsetMinutes: number): { from: number; until: number } {
  const from = dayStart(dayIndex, utcOffsetMinutes) + w.start * MINUTE_MS;
  return { from, until: from + windowMinutes(w) * MINUTE_MS };
}

/** The occurrence that covers t (it started on t's day or the day before), if one does. */
export function occurrenceAt(
  w: DailyWindow,
  happensOn: DayTest,
  t: number,
  utcOffsetMinutes: number,
): { from: number; until: number } | null {
  const today = localDay(t, utcOffsetMinutes);
  for (const day of [today, today - 1]) {
    if (!happensOn(day)) continue;
    const o = occurrence(w, day, utcOffsetMinutes);
    if (o.from <= t && t < o.until) return o;
  }
  return null;
}

/** The occurrence covering t, else the next one to start after t (looking `days` ahead); null if none. */
export function currentOrNext(
  w: DailyWindow,
  happensOn: DayTest,
  t: number,
  utcOffsetMinutes: number,
  days = 400,
): { from: number; until: number } | null {
  const now = occurrenceAt(w, happensOn, t, utcOffsetMinutes);
  if (now) return now;
  const today = localDay(t, utcOffsetMinutes);
  for (let day = today; day <= today + days; day++) {
    if (!happensOn(day)) continue;
    const o = occurrence(w, day, utcOffsetMinutes);
    if (o.from > t) return o;
  }
  return null;
}

/**
 * The first instant after t whose local time of day is one of `minutes`
 * (local midnight always counts: the weekday changes there).
 */
export function nextBoundary(t: number, utcOffsetMinutes: number, minutes: readonly number[]): number {
  const msOfDay = mod(t + utcOffsetMinutes * MINUTE_MS, DAY_MS);
  let best = DAY_MS - msOfDay; // local midnight
  for (const m of minutes) {
    const delta = m * MINUTE_MS - msOfDay;
    if (delta > 0 && delta < best) best = delta;
  }
  return t + best;
}

/** A day test from weekdays and dates (either matches). */
export function daysTest(weekdays: readonly number[], dates: readonly string[] = []): DayTest {
  const days = new Set(weekdays);
  const onDates = new Set(dates.map(dayOfDate));
  return (dayIndex) => days.has(weekdayOf(dayIndex)) || onDates.has(dayIndex);
}
