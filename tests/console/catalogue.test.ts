/**
 * The console's catalogue (branch catalogue): its stylesheet is direction-free,
 * CSV cells are quoted and formula-safe, uploads carry the CSRF header and the
 * file's type, and a revealed centre-account password is forgotten on reload.
 */
import { describe, expect, it, vi } from 'vitest';
import { adminUploadLogo } from '../../src/shared/api/admin-store.js';
import { createHttp } from '../../src/console/core/http.js';
import { csv, csvCell } from '../../src/console/catalogue/act.js';
import { AccountsService } from '../../src/console/catalogue/accounts/accountsService.js';
import { cardState } from '../../src/console/catalogue/prepaid/prepaidService.js';

interface Fs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const NODE_FS = 'node:fs';
const fs = (await import(/* @vite-ignore */ NODE_FS)) as Fs;
const root = (globalThis as unknown as { process: { cwd(): string } }).process.cwd();

describe('catalogue stylesheet', () => {
  const css = fs.readFileSync(`${root}/src/console/catalogue/catalogue.css`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  // Logical properties only: tests/console/catalog-and-styles.test.ts checks every console stylesheet.
  it('has a print stylesheet that prints the card sheet alone', () => {
    expect(css).toMatch(/@media print\s*{[\s\S]*\.subtabs[\s\S]*display:\s*none/);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and neutralises formulas', () => {
    expect(csvCell('RC-AB2C-3D4E-5F6G')).toBe('RC-AB2C-3D4E-5F6G');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csv([['code', 'amount'], ['RC-1', 2000]])).toBe('code,amount\r\nRC-1,2000\r\n');
  });
});

describe('card states', () => {
  it('voided wins over redeemed wins over good', () => {
    const base = { code: 'c', amount: 1, redeemedBy: null, redeemedAt: null, voidedAt: null };
    expect(cardState(base)).toBe('good');
    expect(cardState({ ...base, redeemedAt: 'x' })).toBe('redeemed');
    expect(cardState({ ...base, voidedAt: 'y' })).toBe('voided');
  });
});

describe('uploads and passwords', () => {
  it('uploads a file as the raw body with its type and the CSRF header', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ success: true, type: 'logo', filename: 'logo.png', bytes: 3 }), { status: 200 }));
    const http = createHttp('', fetcher as unknown as typeof fetch);
    http.setCsrf('tok');
    const answer = await http.upload(adminUploadLogo, new Blob([new Uint8Array([1, 2, 3])]), 'image/png');
    expect(answer.filename).toBe('logo.png');
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/media/logo');
    expect(init.method).toBe('PUT');
    expect(init.headers).toMatchObject({ 'content-type': 'image/png', 'x-csrf-token': 'tok' });
  });

  it('forgets a revealed password on hide and on the next load', async () => {
    const fetcher = vi.fn(async (url: string) =>
      url.endsWith('/reveal') ? new Response(JSON.stringify({ id: 'gac_1', username: 'u', password: 'pw' }), { status: 200 }) : new Response('[]', { status: 200 }),
    );
    const accounts = new AccountsService(createHttp('', fetcher as unknown as typeof fetch));
    await accounts.reveal('gac_1');
    expect(accounts.store.getState().revealed).toEqual({ id: 'gac_1', password: 'pw' });
    accounts.hide();
    expect(accounts.store.getState().revealed).toBeNull();
    await accounts.reveal('gac_1');
    await accounts.load();
    expect(accounts.store.getState().revealed).toBeNull();
  });
});
