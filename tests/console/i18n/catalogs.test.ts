/** The console speaks both languages (every key, same placeholders) and its stylesheet is direction-free. */
import { describe, expect, it } from 'vitest';
import { ar } from '../../../src/console/i18n/ar.js';
import { en } from '../../../src/console/i18n/en.js';

interface Fs {
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string, options: { recursive: true; encoding: 'utf8' }): string[];
}
const NODE_FS = 'node:fs';
const fs = (await import(/* @vite-ignore */ NODE_FS)) as Fs;
const root = (globalThis as unknown as { process: { cwd(): string } }).process.cwd();

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('console catalogs', () => {
  it('has every English key in Arabic and nothing more', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps the same placeholders, and every Arabic text is translated', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(ar[key]), key).toEqual(placeholders(en[key]));
      expect(ar[key].trim(), key).not.toBe('');
    }
  });
});

describe('console stylesheets', () => {
  const sheets = fs
    .readdirSync(`${root}/src/console`, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'));
  it('finds every stylesheet of the console', () => {
    expect(sheets).toEqual(expect.arrayContaining(['styles.css', 'catalogue/catalogue.css']));
  });
  it.each(sheets)('%s uses logical properties only', (file) => {
    const css = fs.readFileSync(`${root}/src/console/${file}`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const physical = [
      /(^|[\s;{])(margin|padding|border|scroll-margin|scroll-padding)-(left|right|top|bottom)\b/m,
      /(^|[\s;{])(left|right|top|bottom)\s*:/m,
      /(^|[\s;{])(min-|max-)?(width|height)\s*:/m,
      /(^|[\s;{])(text-align|float|clear)\s*:\s*(left|right)\b/m,
    ];
    for (const pattern of physical) expect(css.match(pattern)?.[0] ?? null, String(pattern)).toBeNull();
  });
});
