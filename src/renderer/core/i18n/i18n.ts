/**
 * i18next for the renderer: the shared English catalog (the SPEC's exact
 * texts) is the default; Arabic switches the document to right to left.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../../shared/i18n/en.js';
import { ar } from './ar.js';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const resources = {
  en: { translation: en },
  ar: { translation: ar },
} as const;

/** Initialise the shared i18next instance once (synchronously). */
export function initI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
  }
  return i18next;
}

/** Keep <html lang dir> in step with the language (dir="rtl" for Arabic). */
export function bindDocumentLanguage(i18n: I18n, doc: Document = document): () => void {
  const apply = (language: string) => {
    doc.documentElement.lang = language;
    doc.documentElement.dir = i18n.dir(language);
  };
  apply(i18n.language);
  i18n.on('languageChanged', apply);
  return () => i18n.off('languageChanged', apply);
}
