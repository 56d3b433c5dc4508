/**
 * The shared formatters (src/shared/format.ts, one module for the kiosk and
 * the console) bound to the console's current language.
 */
import { useTranslation } from 'react-i18next';
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatElapsed,
  formatFreeTime,
  formatHourMinute,
  formatHoursMinutes,
  formatMoney,
  formatRate,
  formatTimeOfDay,
  type DisplayLanguage,
  type PluralForms,
} from '../../shared/format.js';

export function useFormat() {
  const { i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ar' ? 'ar' : 'en';
  return {
    language,
    /** An IQD amount's digits, grouped: 25,000 (the catalog's text adds IQD / د.ع). */
    iqd: formatAmount,
    money: (amount: number) => formatMoney(amount, language),
    /** To the minute, 24-hour: holds, shifts, ledger lines (no screen shows a date-time with seconds). */
    dateTime: (iso: string) => formatDateTime(iso, language),
    date: (iso: string) => formatDate(iso, language),
    clock: (iso: string) => formatTimeOfDay(iso, language),
    hourMinute: (iso: string) => formatHourMinute(iso, language),
    elapsed: formatElapsed,
    /** Whole minutes in hours and minutes: 19 h 55 min. */
    duration: (minutes: number) => formatHoursMinutes(minutes, language),
    rate: (rate: number) => formatRate(rate, language),
    /** Free time (kept as IQD) as the time it buys at a rate, as the kiosk shows it; null with no rate. */
    freeTime: (amount: number, rate: number | null) => formatFreeTime(amount, rate, language),
    count: (n: number, forms: { en: PluralForms; ar: PluralForms }) => formatCount(n, forms[language], language),
  };
}
