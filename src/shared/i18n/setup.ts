/**
 * The one i18n set-up of the kiosk and the console: the two languages, the
 * catalogue loader (English ships in the bundle, another catalogue loads the
 * first time it is needed), the choice kept in local storage, and <html lang
 * dir> following the language (Arabic right to left). Each app keeps its own
 * catalogues and its own storage key; i18next is the app's instance.
 */
import type { BackendModule, i18n as I18n } from 'i18next';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** A catalogue: key → text. */
export type Catalog = Readonly<Record<string, string>>;

/**
 * An i18next backend: English is at hand; every other language's catalogue
 * is loaded by its loader the first time it is asked for (changeLanguage
 * resolves once it is in). A language without a loader is empty (falls back to English).
 */
export function catalogLoader(english: Catalog, loaders: Partial<Record<Language, () => Promise<Catalog>>>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language, _namespace, callback) {
      const load = isLanguage(language) && language !== 'en' ? loaders[language] : undefined;
      if (!load) return callback(null, language === 'en' ? english : {});
      load().then(
        (catalog) => callback(null, catalog),
        (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
      );
    },
  };
}

/** The language last chosen on this machine under `key`; a storage that throws, or anything else, counts as none. */
export function readLanguage(storage: Pick<Storage, 'getItem'>, key: string): Language | null {
  try {
    const stored = storage.getItem(key);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Keep every later choice under `key` (a storage that refuses loses only the memory). */
export function rememberLanguage(i18n: I18n, storage: Pick<Storage, 'setItem'>, key: string): () => void {
  const save = (language: string) => {
    if (!isLanguage(language)) return;
    try {
      storage.setItem(key, language);
    } catch (error) {
      console.warn('[i18n] could not keep the language choice', error);
    }
  };
  i18n.on('languageChanged', save);
  return () => i18n.off('languageChanged', save);
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
