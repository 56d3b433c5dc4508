/**
 * i18next for the renderer: the shared English catalog (the SPEC's exact
 * texts) is the default; Arabic switches the document to right to left.
 * Only English ships with the first screen: the Arabic catalog loads when
 * the station switches to it (changeLanguage resolves once it is in).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../../shared/i18n/en.js';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  bindDocumentLanguage,
  catalogLoader,
  isLanguage,
  readLanguage,
  rememberLanguage,
  type Language,
} from '../../../shared/i18n/setup.js';

/** The set-up is the console's too (src/shared/i18n/setup.ts); the catalogues are the kiosk's own. */
export { DEFAULT_LANGUAGE, LANGUAGES, bindDocumentLanguage, type Language };

export const resources = {
  en: { translation: en },
} as const;

/** Loads the Arabic catalog when it is first needed. */
const kioskCatalogs = catalogLoader(en, { ar: () => import('./ar.js').then(({ ar }) => ar) });

/** Initialise the shared i18next instance once (synchronously). */
export function initI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(kioskCatalogs).use(initReactI18next).init({
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

/** Where the station keeps the language last chosen on it (apart from the SPEC's session state). */
export const LANGUAGE_STORAGE_KEY = 'spawnpoint.language';

/**
 * The language to start in: the one last chosen on this station; else, for a
 * page opened from an email link in the customer's own browser, the browser's
 * first supported language; else English.
 */
export function initialLanguage(options: {
  stored: string | null;
  browserLanguages: readonly string[];
  followBrowser: boolean;
}): Language {
  if (isLanguage(options.stored)) return options.stored;
  if (options.followBrowser) {
    for (const tag of options.browserLanguages) {
      const base = tag.toLowerCase().split('-')[0];
      if (isLanguage(base)) return base;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** Read the stored choice; a storage that throws counts as none. */
export function storedLanguage(storage: Pick<Storage, 'getItem'>): string | null {
  return readLanguage(storage, LANGUAGE_STORAGE_KEY);
}

/** Keep the customer's choice (LanguageToggle) for the next start of the station. */
export function rememberLanguageChoice(i18n: I18n, storage: Pick<Storage, 'setItem'>): () => void {
  return rememberLanguage(i18n, storage, LANGUAGE_STORAGE_KEY);
}

/** Pages opened from an email link, in the customer's own browser (SPEC §2 open routes). */
export const OPEN_WEB_PAGES: readonly string[] = ['/password', '/verify-email'];

/**
 * The renderer's language at start: initialise i18next in the language to
 * start in, set <html lang dir> before the first paint (so the splash is
 * already right to left in Arabic) and keep every later choice.
 */
export function startLanguage(win: Pick<Window, 'localStorage' | 'navigator' | 'location' | 'document'>): I18n {
  const language = initialLanguage({
    stored: storedLanguage(win.localStorage),
    browserLanguages: win.navigator.languages,
    followBrowser: OPEN_WEB_PAGES.includes(win.location.pathname),
  });
  const i18n = initI18n(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  bindDocumentLanguage(i18n, win.document);
  rememberLanguageChoice(i18n, win.localStorage);
  return i18n;
}
