/** Every English text has an Arabic one with the same placeholders; Arabic is really Arabic. */
import { describe, expect, it } from 'vitest';
import { ar } from '../../../../src/renderer/core/i18n/ar.js';
import { initI18n } from '../../../../src/renderer/core/i18n/i18n.js';
import { CATEGORY_NAMES, UNCATEGORIZED, categoryName } from '../../../../src/shared/catalog/categories.js';
import { categoryMessage, en } from '../../../../src/shared/i18n/en.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** Values that are the same in both languages, with why. */
const SAME_IN_BOTH: Record<string, string> = {
  'login.defaultTitle': 'the product name is written in Latin letters',
  'language.en': 'a language is named in its own script so its speakers find it',
  'category.15': 'Arabic-speaking gamers call these genres by their Latin acronyms',
  'category.16': 'Arabic-speaking gamers call these genres by their Latin acronyms',
  'category.17': 'Arabic-speaking gamers call these genres by their Latin acronyms',
};

const enKeys = Object.keys(en);
const arCatalog: Record<string, string | undefined> = ar;

describe('the Arabic catalog', () => {
  it('has every English key, with a text', () => {
    expect(enKeys.length).toBeGreaterThan(100);
    const missing = enKeys.filter((key) => !arCatalog[key]?.trim());
    expect(missing).toEqual([]);
  });

  it('has no key the English catalog lacks', () => {
    expect(Object.keys(ar).filter((key) => !(key in en))).toEqual([]);
  });

  it('keeps exactly the placeholders of each English text', () => {
    const differing = enKeys
      .filter((key) => arCatalog[key] !== undefined)
      .filter((key) => placeholders(en[key as keyof typeof en]).join() !== placeholders(arCatalog[key]!).join());
    expect(differing).toEqual([]);
  });

  it('is written in Arabic, except the few texts that are the same in both languages', () => {
    const untranslated = enKeys.filter((key) => !(key in SAME_IN_BOTH) && !ARABIC_LETTER.test(arCatalog[key] ?? ''));
    expect(untranslated).toEqual([]);
    for (const key of Object.keys(SAME_IN_BOTH)) expect(arCatalog[key]).toBe(en[key as keyof typeof en]);
  });

  it('writes money one way: د.ع, never IQD', () => {
    const iqd = enKeys.filter((key) => /IQD/.test(arCatalog[key] ?? ''));
    expect(iqd).toEqual([]);
    for (const key of enKeys.filter((k) => /IQD/.test(en[k as keyof typeof en]))) {
      expect(arCatalog[key], key).toContain('د.ع');
    }
  });
});

describe('game categories', () => {
  it('are the SPEC enumeration in English and have Arabic names', async () => {
    const label = (value: number) => {
      const message = categoryMessage(value);
      return i18n.t(message.key, message.values ?? {});
    };
    CATEGORY_NAMES.forEach((name, value) => expect(en[categoryMessage(value).key]).toBe(name));
    expect(en['category.uncategorized']).toBe(UNCATEGORIZED);
    const i18n = initI18n();
    expect(label(99)).toBe(categoryName(99));
    expect(label(1.5)).toBe('Category 1.5');
    await i18n.changeLanguage('ar');
    try {
      expect(label(8)).toBe('قتال');
      expect(label(99)).toBe('الفئة 99');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
