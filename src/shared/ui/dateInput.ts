/**
 * What the date fields (DateField.tsx) read and write, as pure functions: the text a desk worker types
 * is the text the shared formatting module prints (`formatDate` / `formatDateTime` of
 * src/shared/format.ts: 27/11/2026 and 27/11/2026, 14:05; in Arabic the same figures with the
 * right-to-left marks and the Arabic comma), and the value the screens keep is the local ISO string
 * they always used (YYYY-MM-DD, YYYY-MM-DDTHH:mm). Also the calendar's month grid (weeks starting on
 * Saturday, as in Iraq) and the month and weekday names in the reader's language.
 */
import { addDays, addMonths, format, getDaysInMonth, startOfMonth, startOfWeek } from 'date-fns';
import { formatDate, formatDateTime, type DisplayLanguage } from '../format.js';

export type DateKind = 'date' | 'datetime';

/** Why a text is not a value (the field turns each into its own sentence). */
export type DateProblem =
  | { problem: 'empty' }
  | { problem: 'format' }
  /** A day the month does not have: 31/02/2026 (days: how many it has). */
  | { problem: 'noSuchDay'; year: number; month: number; day: number; days: number }
  /** A time of day that does not exist: 24:00, 14:75. */
  | { problem: 'time'; time: string };

export type DateParse = { ok: true; value: string } | ({ ok: false } & DateProblem);

/** Arabic-Indic and Persian digits, as an Arabic keyboard types them, read as 0–9. */
const toLatinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/** Direction marks and isolates: what Arabic dates carry around their figures, never part of the value. */
const MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/** The text with its figures only: Latin digits, no direction marks, the Arabic comma as a comma. */
export function plainDateText(text: string): string {
  return toLatinDigits(text).replace(MARKS, '').replace(/\u060c/g, ',');
}

/**
 * The text as the field shows it while it is typed: Latin digits in both languages; in Arabic the
 * marks and comma of the shared format, so "27/11/2026" reads (and stays) as the console prints it.
 */
export function decorateDateText(text: string, language: DisplayLanguage): string {
  const plain = plainDateText(text);
  return language === 'ar' ? plain.replace(/\//g, '\u200f/').replace(/,/g, '\u060c') : plain;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return getDaysInMonth(new Date(year, month - 1, 1));
}

/**
 * The value a typed text stands for. Accepted: the shared format (27/11/2026, and for a date and
 * time 27/11/2026, 14:05), with "/", "." or "-" between the figures, one-digit day or month, Arabic
 * digits, the figures alone (27112026), and an ISO date pasted in (2026-11-27, 2026-11-27T14:05).
 */
export function parseDateText(text: string, kind: DateKind): DateParse {
  const t = plainDateText(text).trim();
  if (t === '') return { ok: false, problem: 'empty' };
  // A date and time: the time after a comma or a space (or ISO's T), hours and minutes.
  const time = kind === 'datetime' ? String.raw`(?:\s*,\s*|\s+|T)(?<h>\d{1,2})[:.](?<i>\d{2})` : '';
  const shapes = [
    String.raw`(?<d>\d{1,2})[/.\-](?<m>\d{1,2})[/.\-](?<y>\d{4})`,
    String.raw`(?<d>\d{2})(?<m>\d{2})(?<y>\d{4})`,
    String.raw`(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})`,
  ].map((date) => new RegExp(`^${date}${time}$`));
  const groups = shapes.map((shape) => shape.exec(t)?.groups).find((g) => g !== undefined);
  if (!groups) return { ok: false, problem: 'format' };
  const year = Number(groups.y);
  const month = Number(groups.m);
  const day = Number(groups.d);
  if (year < 1000 || month < 1 || month > 12) return { ok: false, problem: 'format' };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return { ok: false, problem: 'noSuchDay', year, month, day, days };
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (kind === 'date') return { ok: true, value: date };
  const hour = Number(groups.h);
  const minute = Number(groups.i);
  if (hour > 23 || minute > 59) return { ok: false, problem: 'time', time: `${groups.h}:${groups.i}` };
  return { ok: true, value: `${date}T${pad(hour)}:${pad(minute)}` };
}

/** A local ISO value as a Date (midnight for a date alone); null when it is not one. */
export function valueToDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The text the shared format prints for a value ('' for none or an unreadable one). */
export function formatDateValue(value: string, kind: DateKind, language: DisplayLanguage): string {
  const date = valueToDate(value);
  if (!date) return '';
  return kind === 'date' ? formatDate(date, language) : formatDateTime(date, language);
}

/** The local ISO date (YYYY-MM-DD) of a Date. */
export function isoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** A value's day (YYYY-MM-DD of YYYY-MM-DDTHH:mm). */
export const dayOf = (value: string) => value.slice(0, 10);

/** Saturday: the week's first day in Iraq (0 = Sunday … 6 = Saturday). */
export const WEEK_STARTS_ON = 6;
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The six weeks shown for the month of `month` (any day in it), each a row of seven days from the week's first day. */
export function monthGrid(month: Date, weekStartsOn: WeekStart = WEEK_STARTS_ON): Date[][] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn });
  return Array.from({ length: 6 }, (_, week) => Array.from({ length: 7 }, (_, d) => addDays(first, week * 7 + d)));
}

/** A day moved by days or by months (a month later than 31 January is the last of February). */
export function moveDay(day: string, by: { days?: number; months?: number }): string {
  const date = valueToDate(day) ?? new Date();
  return isoDay(addMonths(addDays(date, by.days ?? 0), by.months ?? 0));
}

/** A day kept inside min and max (days, YYYY-MM-DD; '' is no bound). */
export function clampDay(day: string, min: string, max: string): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}

/** Month names in the Iraqi usage (كانون الثاني, شباط …) in Arabic, British English otherwise; Latin digits. */
const namesLocale = (language: DisplayLanguage) => (language === 'ar' ? 'ar-IQ-u-nu-latn' : 'en-GB');

/** "November 2026", "تشرين الثاني 2026" (month 0–11 of a Date). */
export function monthTitle(month: Date, language: DisplayLanguage): string {
  return new Intl.DateTimeFormat(namesLocale(language), { month: 'long', year: 'numeric' }).format(month);
}

/** A day in full, for screen readers: "Friday, 27 November 2026". */
export function dayName(day: Date, language: DisplayLanguage): string {
  return new Intl.DateTimeFormat(namesLocale(language), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(day);
}

/** A weekday's column heading: short ("Sat") in English, its letter (س) in Arabic, with the full name. */
export function weekdayHeading(day: Date, language: DisplayLanguage): { short: string; full: string } {
  const locale = namesLocale(language);
  return {
    short: new Intl.DateTimeFormat(locale, { weekday: language === 'ar' ? 'narrow' : 'short' }).format(day),
    full: new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(day),
  };
}
