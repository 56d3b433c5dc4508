/**
 * i18next for the console on the kiosk's set-up (`src/shared/i18n/setup.ts`):
 * English or Arabic (right to left, its catalogue loaded when first needed),
 * <html lang dir> following the language, the choice remembered in local
 * storage under the console's own key. The catalogues are the console's own.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bindDocumentLanguage, catalogLoader, readLanguage, rememberLanguage, type Language } from '../../shared/i18n/setup.js';
import { en } from './en.js';

export type { Language };
const KEY = 'spawnpoint.console.language';

/** The language last chosen in this browser's console; English when none (or storage is off). */
export function storedLanguage(): Language {
  return typeof localStorage === 'undefined' ? 'en' : (readLanguage(localStorage, KEY) ?? 'en');
}

export async function createConsoleI18n(language: Language = storedLanguage()): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(catalogLoader(en, { ar: () => import('./ar.js').then(({ ar }) => ar) }))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      partialBundledLanguages: true,
      resources: { en: { translation: en } },
      interpolation: { escapeValue: false },
      keySeparator: false,
      nsSeparator: false,
      showSupportNotice: false,
    });
  if (typeof document !== 'undefined') bindDocumentLanguage(instance, document);
  if (typeof localStorage !== 'undefined') rememberLanguage(instance, localStorage, KEY);
  return instance;
}

/** Switch the console's language: the catalogue loads if needed, the page turns, the choice is kept. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  await instance.changeLanguage(language);
}
