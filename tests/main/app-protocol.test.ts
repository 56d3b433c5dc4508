/**
 * The app:// protocol's answers (renderer-files/app-protocol.ts) and the
 * Content-Security-Policy it sends (security/csp.ts), without Electron.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerAppRequest } from '../../src/main/renderer-files/app-protocol.js';
import { APP_ENTRY_URL, APP_SCHEME_DEFINITION } from '../../src/main/renderer-files/app-scheme.js';
import { contentSecurityPolicy, serverOrigins } from '../../src/main/security/csp.js';
import { ConfigError } from '../../src/main/station/config.js';

const CSP = contentSecurityPolicy('http://192.168.1.10:3000');

// <tmp>/secret.txt next to <tmp>/renderer/{index.html, assets/…}
const parent = mkdtempSync(join(tmpdir(), 'spawnpoint-app-protocol-'));
const root = join(parent, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(parent, 'secret.txt'), 'SECRET');
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Spawnpoint</title>');
writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {};');
writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
writeFileSync(join(root, '.env'), 'SECRET=1');

const get = (url: string) => answerAppRequest({ url, method: 'GET' }, root, CSP);
const INDEX = join(root, 'index.html');

describe('app:// protocol answers', () => {
  it.each([
    ['app://station/'],
    ['app://station'],
    ['app://station/dashboard'],
    ['app://station/login?next=%2Fdashboard'],
    ['app://station/a/b/c'],
    ['app://station/a/b/c/'],
    ['app://station/index.html'],
    ['app://STATION/dashboard'],
  ])('%s → index.html with the CSP', async (url) => {
    expect(await get(url)).toEqual({
      status: 200,
      filePath: INDEX,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': CSP,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    });
  });

  it.each([
    ['app://station/assets/index-abc.js', 'index-abc.js', 'text/javascript; charset=utf-8'],
    ['app://station/assets/index-abc.js?v=2#x', 'index-abc.js', 'text/javascript; charset=utf-8'],
    ['app://station/assets/index-abc.css', 'index-abc.css', 'text/css; charset=utf-8'],
    ['app://station/assets/logo.svg', 'logo.svg', 'image/svg+xml'],
    ['app://station/assets/logo%2Esvg', 'logo.svg', 'image/svg+xml'],
  ])('%s → the asset, as %s %s, without a CSP', async (url, file, type) => {
    const answer = await get(url);
    expect(answer.status).toBe(200);
    expect(answer.filePath).toBe(join(root, 'assets', file));
    expect(answer.headers['Content-Type']).toBe(type);
    expect(answer.headers['Content-Security-Policy']).toBeUndefined();
    expect(readFileSync(answer.filePath!, 'utf8').length).toBeGreaterThan(0);
  });

  it.each([
    'app://station/../secret.txt',
    'app://station/assets/../../secret.txt',
    'app://station/%2e%2e/secret.txt',
    'app://station/%2E%2E/%2e%2e/etc/passwd',
    'app://station/..%2fsecret.txt',
    'app://station/..%5csecret.txt',
    'app://station/index.html%00.js',
    'app://station/%E0%A4%A',
  ])('%s → 403', async (url) => {
    expect(await get(url)).toMatchObject({ status: 403, filePath: null });
  });

  it.each([
    'app://other/',
    'app://other/assets/index-abc.js',
    'app://station.evil.example/',
    'app://station:8080/',
    'app://user@station/',
    'http://station/',
    'file:///etc/passwd',
    'not a url',
    'app://station/assets/missing.js',
    'app://station/missing.png',
    'app://station/.env',
  ])('%s → 404', async (url) => {
    expect(await get(url)).toMatchObject({ status: 404, filePath: null });
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    expect(await answerAppRequest({ url: APP_ENTRY_URL, method: 'HEAD' }, root, CSP)).toMatchObject({
      status: 200,
      filePath: null,
      headers: { 'Content-Security-Policy': CSP },
    });
    expect(await answerAppRequest({ url: APP_ENTRY_URL, method: 'POST' }, root, CSP)).toMatchObject({
      status: 405,
      filePath: null,
      headers: { Allow: 'GET, HEAD' },
    });
  });

  it('404s every path when the renderer is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'spawnpoint-app-protocol-empty-'));
    expect(await answerAppRequest({ url: APP_ENTRY_URL, method: 'GET' }, empty, CSP)).toMatchObject({ status: 404 });
  });

  it('registers app as a standard, secure scheme without CORS', () => {
    expect(APP_SCHEME_DEFINITION).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true },
    });
  });
});

describe('Content-Security-Policy', () => {
  it('lets the page reach itself and the configured server only', () => {
    expect(contentSecurityPolicy('https://cafe.example:8443/api')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob: https://cafe.example:8443; media-src 'self' blob: https://cafe.example:8443; " +
        "connect-src 'self' https://cafe.example:8443 wss://cafe.example:8443; font-src 'self' data:; " +
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
  });

  it.each([
    ['http://192.168.1.10:3000', 'http://192.168.1.10:3000', 'ws://192.168.1.10:3000'],
    ['https://cafe.example', 'https://cafe.example', 'wss://cafe.example'],
    ['http://Cafe-Server.local:80/', 'http://cafe-server.local', 'ws://cafe-server.local'],
    ['https://user:pw@cafe.example:443/x?y#z', 'https://cafe.example', 'wss://cafe.example'],
  ])('server %s → %s and %s', (serverUrl, http, ws) => {
    expect(serverOrigins(serverUrl)).toEqual({ http, ws });
  });

  it.each([
    ['not a url', /not a URL/],
    ['ftp://cafe.example', /http:\/\/ or https:\/\//],
    ['file:///etc', /http:\/\/ or https:\/\//],
    ['http://[::1]:3000', /Content-Security-Policy/],
    ["http://cafe;script-src 'unsafe-inline'", /Content-Security-Policy|not a URL/],
    ['http://cafe;script-src/', /Content-Security-Policy/],
  ])('refuses %s (it could not be named, or would inject a directive)', (serverUrl, message) => {
    expect(() => contentSecurityPolicy(serverUrl)).toThrow(ConfigError);
    expect(() => contentSecurityPolicy(serverUrl)).toThrow(message);
  });

  it('is not contradicted by the meta tag of index.html (both are enforced)', () => {
    const html = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const parse = (policy: string) =>
      new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]));
    const header = parse(contentSecurityPolicy('https://cafe.example:8443'));
    const page = parse(meta!);
    const FETCH = ['script-src', 'style-src', 'img-src', 'media-src', 'connect-src', 'font-src', 'object-src'];
    const allows = (directive: string, source: string) => {
      const sources = page.get(directive) ?? (FETCH.includes(directive) ? page.get('default-src') : undefined);
      if (!sources) return true; // the meta tag does not restrict it
      return sources.includes(source) || sources.some((s) => /^[a-z]+:$/.test(s) && source.startsWith(`${s}//`));
    };
    const narrowed = [...header].flatMap(([directive, sources]) =>
      sources.filter((source) => source !== "'none'" && !allows(directive, source)).map((s) => `${directive} ${s}`),
    );
    // The one thing the header allows and the meta tag does not: the built renderer has no data: fonts.
    expect(narrowed).toEqual(['font-src data:']);
  });
});
