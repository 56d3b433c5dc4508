import { afterEach, describe, expect, it } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  bindDocumentLanguage,
  initI18n,
  initialLanguage,
  rememberLanguageChoice,
  startLanguage,
  storedLanguage,
} from '../../../../src/renderer/core/i18n/i18n.js';
import { en } from '../../../../src/shared/i18n/en.js';

describe('i18n', () => {
  afterEach(async () => {
    await initI18n().changeLanguage('en');
  });

  it('uses the shared English catalog by default', () => {
    const i18n = initI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('login.guestHint')).toBe(en['login.guestHint']);
    expect(i18n.t('dashboard.welcome', { name: 'Ali' })).toBe('Welcome, Ali');
  });

  it('switches the document to right to left for Arabic, in Arabic', async () => {
    const i18n = initI18n();
    const unbind = bindDocumentLanguage(i18n, document);
    expect(document.documentElement.dir).toBe('ltr');
    await i18n.changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.t('login.submit')).toBe('تسجيل الدخول');
    expect(i18n.t('nfc.tap')).toBe('المس القارئ ببطاقة NFC');
    unbind();
  });

  it('starts in the language last chosen on the station, else English on the kiosk', () => {
    expect(initialLanguage({ stored: 'ar', browserLanguages: ['en-US'], followBrowser: false })).toBe('ar');
    expect(initialLanguage({ stored: 'fr', browserLanguages: ['ar-IQ'], followBrowser: false })).toBe('en');
    expect(initialLanguage({ stored: null, browserLanguages: ['ar-IQ'], followBrowser: false })).toBe('en');
  });

  it("opens an email link's page in the browser's language when no choice was made", () => {
    expect(initialLanguage({ stored: null, browserLanguages: ['de-DE', 'ar-IQ'], followBrowser: true })).toBe('ar');
    expect(initialLanguage({ stored: null, browserLanguages: ['de-DE'], followBrowser: true })).toBe('en');
    expect(initialLanguage({ stored: 'en', browserLanguages: ['ar'], followBrowser: true })).toBe('en');
  });

  it('keeps the chosen language for the next start', async () => {
    const i18n = initI18n();
    const saved = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void saved.set(k, v), getItem: (k: string) => saved.get(k) ?? null };
    const stop = rememberLanguageChoice(i18n, storage);
    await i18n.changeLanguage('ar');
    expect(storedLanguage(storage)).toBe('ar');
    expect(saved.get(LANGUAGE_STORAGE_KEY)).toBe('ar');
    stop();
    await i18n.changeLanguage('en');
    expect(storedLanguage(storage)).toBe('ar');
    const broken = { getItem: () => { throw new Error('denied'); } };
    expect(storedLanguage(broken)).toBeNull();
  });

  it('starts the station in its kept language, right to left from the first paint, and keeps the next choice', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    const i18n = startLanguage(window);
    expect(i18n.language).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await i18n.changeLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
