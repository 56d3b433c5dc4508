import { afterEach, describe, expect, it } from 'vitest';
import { bindDocumentLanguage, initI18n } from '../../../../src/renderer/core/i18n/i18n.js';
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

  it('switches the document to right to left for Arabic and falls back to English', async () => {
    const i18n = initI18n();
    const unbind = bindDocumentLanguage(i18n, document);
    expect(document.documentElement.dir).toBe('ltr');
    await i18n.changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.t('login.submit')).toBe('تسجيل الدخول');
    expect(i18n.t('nfc.tap')).toBe('Tap Your NFC Card');
    unbind();
  });
});
