/**
 * The shared formatters (src/shared/format.ts, one module for the kiosk and
 * the console) bound to the console's current language.
 */
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, formatElapsed, formatMoney, formatTimeOfDay, type DisplayLanguage } from '../../shared/format.js';

export function useFormat() {
  const { i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ar' ? 'ar' : 'en';
  return {
    /** An IQD amount's digits, grouped: 25,000 (the catalog's text adds IQD / د.ع). */
    iqd: formatAmount,
    money: (amount: number) => formatMoney(amount, language),
    dateTime: (iso: string) => formatDateTime(iso, language),
    clock: (iso: string) => formatTimeOfDay(iso, language),
    elapsed: formatElapsed,
  };
}
