/** Display rules of SPEC §2, §3 and §9 that are pure functions of data. */
import { GUEST_PREFIX, NOTIFICATION_BADGE_CAP } from './constants.js';

/** §6: a guest is isGuest, or a username beginning guest_. */
export function isGuestUsername(username: string): boolean {
  return username.startsWith(GUEST_PREFIX);
}

/** §2: guest names are shown without the guest_ prefix. */
export function welcomeName(username: string): string {
  return isGuestUsername(username) ? username.slice(GUEST_PREFIX.length) : username;
}

/**
 * The name to greet someone by, or null for a guest whose name is only the
 * server's generated suffix (guest_274d): greet them as a guest instead.
 */
export function greetingName(username: string): string | null {
  const name = welcomeName(username);
  if (!isGuestUsername(username)) return name;
  return name && !/^(?=.*\d)[0-9a-f-]+$/i.test(name) ? name : null;
}

/** §9: the hourly rate as shown: rounded if at least 1000. */
export function hourlyRateValue(rate: number): number {
  return rate >= 1000 ? Math.round(rate) : rate;
}

/** §9: '{rate}IQD/hour'. */
export function formatHourlyRate(rate: number): string {
  return `${hourlyRateValue(rate)}IQD/hour`;
}

/** §9: IQD with no decimals, grouped (e.g. 25,000 IQD). */
export function formatIqd(amount: number): string {
  return `${formatAmount(amount)} IQD`;
}

/** Whole minutes (never negative) split into hours and the minutes left over: every minutes format below. */
function hoursAndMinutes(minutes: number): { h: number; m: number } {
  const whole = Math.max(0, Math.floor(minutes));
  return { h: Math.floor(whole / 60), m: whole % 60 };
}

/** §3: history duration: null shows 'In progress'; otherwise 'Xh Ym' or 'Ym'. */
export function formatPlayDuration(minutes: number | null): string {
  if (minutes === null) return 'In progress';
  const { h, m } = hoursAndMinutes(minutes);
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** Session clock: whole seconds as H:MM:SS (or MM:SS under an hour). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** §2: the bell's unread count is capped at display '9+'. */
export function badgeCount(unread: number): string {
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

/** §9 offer arithmetic lives in ./offers.ts (shared with the server's order approval). */
export { offerValue } from './offers.js';

/**
 * Whole minutes a balance buys at an hourly rate; null when the rate is 0
 * (free). Multiplies before dividing so 24,975 IQD at 1,500/h is 999 minutes,
 * not 998.999… floored to 998.
 */
export function minutesForBalance(balance: number, hourlyRate: number): number | null {
  if (hourlyRate <= 0) return null;
  return Math.max(0, Math.floor((balance * 60) / hourlyRate + 1e-9));
}

/* ---- Money, dates and durations as the kiosk and the console show them (issue 21: one module). ----
 * Latin digits in both languages, as the kiosk has always shown them; the words around a figure
 * (IQD / د.ع) come from each app's catalog or from formatMoney below. */

/** The two languages the station and the console speak. */
export type DisplayLanguage = 'en' | 'ar';

/** A whole amount grouped with commas, e.g. 25,000 (no currency word). */
export function formatAmount(amount: number): string {
  // `+ 0` turns -0 (e.g. "minus no refunds", or -0.4 rounded) into 0: money never reads "-0".
  return (Math.round(amount) + 0).toLocaleString('en-US');
}

/** §9 money in the reader's language: '25,000 IQD', or '25,000 د.ع' in Arabic. */
export function formatMoney(amount: number, language: DisplayLanguage = 'en'): string {
  return language === 'ar' ? `${formatAmount(amount)} د.ع` : formatIqd(amount);
}

/** The locale a date is written in: British order in English, Arabic words with Latin digits in Arabic. */
const dateLocale = (language: DisplayLanguage) => (language === 'ar' ? 'ar-u-nu-latn' : 'en-GB');

const validDate = (iso: string | number | Date): Date | null => {
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * 24-hour in both languages (issue 23): `hourCycle: 'h23'`, never `hour12: false`, which Arabic's ICU data turns
 * into h24 ("24:05" five minutes after midnight). Without it Arabic wrote "4:27:12 م" beside the receipts' 16:27:12.
 */
const CLOCK_24 = { hourCycle: 'h23' } as const;
const DAY_MONTH_YEAR = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** Date and time of day to the minute, 24-hour: 27/11/2026, 14:05; Arabic 27‏/11‏/2026، 14:05 (an unreadable date reads as ''). */
export function formatDateTime(iso: string | number | Date, language: DisplayLanguage = 'en'): string {
  const date = validDate(iso);
  return date ? date.toLocaleString(dateLocale(language), { ...DAY_MONTH_YEAR, hour: '2-digit', minute: '2-digit', ...CLOCK_24 }) : '';
}

/** Time of day with seconds, 24-hour, e.g. 14:05:09 (receipts; an unreadable date reads as ''). */
export function formatTimeOfDay(iso: string | number | Date, language: DisplayLanguage = 'en'): string {
  const date = validDate(iso);
  return date ? date.toLocaleTimeString(dateLocale(language), { hour: '2-digit', minute: '2-digit', second: '2-digit', ...CLOCK_24 }) : '';
}

/** Time since a start, as the console's room shows it: H:MM:SS, or M:SS under an hour; never negative. */
export function formatElapsed(fromIso: string, nowMs: number): string {
  const start = Date.parse(fromIso);
  const seconds = Number.isNaN(start) ? 0 : Math.max(0, Math.floor((nowMs - start) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

/* ---- One convention for time, rates and counts in both apps (issue 23). ---- */

/** Minutes as the kiosk's header clock, H:MM (95 → "1:35"). */
export function formatMinutesClock(minutes: number): string {
  const { h, m } = hoursAndMinutes(minutes);
  return `${h}:${String(m).padStart(2, '0')}`;
}

/**
 * Time left (or any whole minutes) in hours and minutes, in words: "19 h 55 min", "45 min", "2 h";
 * Arabic "19 س 55 د". Never "1195 min" (issue 23: one convention with the kiosk's H:MM clock).
 */
export function formatHoursMinutes(minutes: number, language: DisplayLanguage = 'en'): string {
  const { h, m } = hoursAndMinutes(minutes);
  const [hw, mw] = language === 'ar' ? ['س', 'د'] : ['h', 'min'];
  if (h === 0) return `${m} ${mw}`;
  return m === 0 ? `${h} ${hw}` : `${h} ${hw} ${m} ${mw}`;
}

/** An hourly rate: "1,500 IQD/hour", Arabic "1,500 د.ع/ساعة"; 0 reads as free. */
export function formatRate(rate: number, language: DisplayLanguage = 'en'): string {
  if (rate <= 0) return language === 'ar' ? 'مجاني' : 'Free';
  return `${formatMoney(hourlyRateValue(rate), language)}/${language === 'ar' ? 'ساعة' : 'hour'}`;
}

/** Date alone, e.g. 27/11/2026 (an unreadable date reads as ''). */
export function formatDate(iso: string | number | Date, language: DisplayLanguage = 'en'): string {
  const date = validDate(iso);
  return date ? date.toLocaleDateString(dateLocale(language), { day: '2-digit', month: '2-digit', year: 'numeric' }) : '';
}

/** Time of day to the minute, 24-hour: 14:05. */
export function formatHourMinute(iso: string | number | Date, language: DisplayLanguage = 'en'): string {
  const date = validDate(iso);
  return date ? date.toLocaleTimeString(dateLocale(language), { hour: '2-digit', minute: '2-digit', ...CLOCK_24 }) : '';
}

/** The plural forms of a counted word; `other` is required, the rest as the language has them. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * A count with its word in the right plural form: "1 card", "2 cards"; Arabic picks among zero, one,
 * two, few, many and other. `{n}` in a form is replaced by the number (grouped); a form without it is
 * used as it is (Arabic says one and two in the word itself: بطاقة واحدة، بطاقتان).
 */
export function formatCount(count: number, forms: PluralForms, language: DisplayLanguage = 'en'): string {
  const rule = new Intl.PluralRules(language).select(count);
  const form = forms[rule] ?? forms.other;
  const n = formatAmount(count);
  return form.replace('{n}', n);
}

/* ---- Free time in time, at the desk as at the kiosk (issue 23). ----
 * Free time is kept as money (the wallet's protected balance). The kiosk shows the minutes it buys at the
 * station's rate, or, away from a station, at the cheapest group's (the profile's rule, src/server/users/profile.ts).
 * The desk has no station: it counts at that same standard rate. */

/** The cafe's standard rate for free time: the cheapest group that charges; null when none does. */
export function standardRate(rates: readonly number[]): number | null {
  const paid = rates.filter((rate) => rate > 0);
  return paid.length > 0 ? Math.min(...paid) : null;
}

/** Free time (IQD) as the time it buys at a rate: "1 h 20 min"; null when there is no rate to count it at. */
export function formatFreeTime(amount: number, hourlyRate: number | null, language: DisplayLanguage = 'en'): string | null {
  const minutes = hourlyRate === null ? null : minutesForBalance(amount, hourlyRate);
  return minutes === null ? null : formatHoursMinutes(minutes, language);
}
