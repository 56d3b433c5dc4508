/**
 * i18next for the renderer: the shared English catalog (the SPEC's exact
 * texts) is the default; Arabic switches the document to right to left.
 * Only English ships with the first screen: the Arabic catalog loads when
 * the station switches to it (changeLanguage resolves once it is in).
 */
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../../shared/i18n/en.js';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const resources = {
  en: { translation: en },
} as const;

/** Loads a catalog other than English when it is first needed. */
const catalogLoader: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (language !== 'ar') return callback(null, language === 'en' ? en : {});
    import('./ar.js').then(
      ({ ar }) => callback(null, ar),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** Initialise the shared i18next instance once (synchronously). */
export function initI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(catalogLoader).use(initReactI18next).init({
      resources,
      partialBundledLanguages: true,
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
