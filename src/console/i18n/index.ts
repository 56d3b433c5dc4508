/** i18next for the console: English or Arabic (right to left), remembered in local storage. */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './ar.js';
import { en } from './en.js';

export type Language = 'en' | 'ar';
const KEY = 'spawnpoint.console.language';

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(KEY) === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

export function applyDirection(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

export async function createConsoleI18n(language: Language = storedLanguage()): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ar: { translation: ar } },
    interpolation: { escapeValue: false },
    keySeparator: false,
    nsSeparator: false,
  });
  applyDirection(language);
  return instance;
}

export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  await instance.changeLanguage(language);
  applyDirection(language);
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // storage may be off
  }
}
