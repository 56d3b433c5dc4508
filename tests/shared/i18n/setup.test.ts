/** The one i18n set-up of the kiosk and the console: Arabic loads when first asked for, the page turns, the choice is kept. */
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { bindDocumentLanguage, catalogLoader, readLanguage, rememberLanguage } from '../../../src/shared/i18n/setup.js';

async function instance(loadArabic: () => Promise<Record<string, string>>) {
  const i18n = i18next.createInstance();
  await i18n.use(catalogLoader({ hello: 'Hello' }, { ar: loadArabic })).init({
    lng: 'en',
    fallbackLng: 'en',
    partialBundledLanguages: true,
    resources: { en: { translation: { hello: 'Hello' } } },
    showSupportNotice: false,
  });
  return i18n;
}

describe('i18n set-up', () => {
  it('loads the Arabic catalogue only when Arabic is asked for, once', async () => {
    const loadArabic = vi.fn(async () => ({ hello: 'مرحبا' }));
    const i18n = await instance(loadArabic);
    expect(i18n.t('hello')).toBe('Hello');
    expect(loadArabic).not.toHaveBeenCalled();
    await i18n.changeLanguage('ar');
    expect(i18n.t('hello')).toBe('مرحبا');
    await i18n.changeLanguage('en');
    await i18n.changeLanguage('ar');
    expect(loadArabic).toHaveBeenCalledOnce();
  });

  it('a catalogue that fails to load falls back to English', async () => {
    const i18n = await instance(async () => {
      throw new Error('offline');
    });
    await i18n.changeLanguage('ar').catch(() => undefined);
    expect(i18n.t('hello')).toBe('Hello');
  });

  it('turns the page right to left in Arabic and back', async () => {
    const i18n = await instance(async () => ({ hello: 'مرحبا' }));
    const doc = { documentElement: { lang: '', dir: '' } } as unknown as Document;
    bindDocumentLanguage(i18n, doc);
    expect(doc.documentElement.dir).toBe('ltr');
    await i18n.changeLanguage('ar');
    expect([doc.documentElement.lang, doc.documentElement.dir]).toEqual(['ar', 'rtl']);
    await i18n.changeLanguage('en');
    expect(doc.documentElement.dir).toBe('ltr');
  });

  it("keeps each choice under the app's own key; a storage that throws or holds junk counts as none", async () => {
    const i18n = await instance(async () => ({ hello: 'مرحبا' }));
    const kept = new Map<string, string>();
    rememberLanguage(i18n, { setItem: (key, value) => void kept.set(key, value) }, 'app.language');
    await i18n.changeLanguage('ar');
    expect(kept.get('app.language')).toBe('ar');
    expect(readLanguage({ getItem: (key) => kept.get(key) ?? null }, 'app.language')).toBe('ar');
    expect(readLanguage({ getItem: () => 'fr' }, 'app.language')).toBeNull();
    expect(
      readLanguage(
        {
          getItem: () => {
            throw new Error('storage off');
          },
        },
        'app.language',
      ),
    ).toBeNull();
  });
});
