import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isLoopbackAddress,
  isTrustedHostHeader,
  mayUseBridge,
  mayUseTestHooks,
} from '../../src/main/web-shell/request-guard.js';
import { contentTypeFor } from '../../src/main/renderer-files/content-types.js';
import { resolveStatic } from '../../src/main/renderer-files/resolve.js';

describe('request guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.5.6.7', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.5', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    [undefined, false],
  ])('loopback peer %s → %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it.each([
    ['127.0.0.1:5180', true],
    ['localhost:5180', true],
    ['[::1]:5180', true],
    ['192.168.1.5:5180', true],
    ['evil.example:5180', false],
    ['localhost.evil.example', false],
    ['', false],
    [undefined, false],
  ])('Host %s → %s (DNS rebinding needs a name)', (host, trusted) => {
    expect(isTrustedHostHeader(host)).toBe(trusted);
  });

  it.each([
    // [peer, Host, Origin, port the request arrived on, allowed]
    ['127.0.0.1', '127.0.0.1:5180', 'http://127.0.0.1:5180', 5180, true],
    ['::1', '[::1]:5180', 'http://[::1]:5180', 5180, true],
    ['127.0.0.1', 'localhost:5180', 'http://localhost:5180', 5180, true],
    // issue 22: no Origin (a script, not the page), another page on this machine, a foreign site
    ['127.0.0.1', '127.0.0.1:5180', undefined, 5180, false],
    ['127.0.0.1', '127.0.0.1:5180', 'http://localhost:5173', 5180, false],
    ['127.0.0.1', '127.0.0.1:5180', 'http://localhost:5180', 5180, false],
    ['127.0.0.1', '127.0.0.1:5180', 'http://127.0.0.1:5181', 5180, false],
    ['127.0.0.1', '127.0.0.1:5180', 'https://evil.example', 5180, false],
    ['127.0.0.1', '127.0.0.1:5180', 'null', 5180, false],
    ['127.0.0.1', '127.0.0.1:5180', 'http://127.0.0.1:5180/', 5180, false],
    // issue 22: a shell bound to 0.0.0.0 reached from the LAN with an IP-literal Host
    ['192.168.1.9', '192.168.1.5:5180', 'http://192.168.1.5:5180', 5180, false],
    ['127.0.0.1', '192.168.1.5:5180', 'http://192.168.1.5:5180', 5180, false],
    ['192.168.1.9', '127.0.0.1:5180', 'http://127.0.0.1:5180', 5180, false],
    // DNS rebinding: a name, or a Host for another port
    ['127.0.0.1', 'evil.example:5180', 'http://evil.example:5180', 5180, false],
    ['127.0.0.1', '127.0.0.1:5181', 'http://127.0.0.1:5181', 5180, false],
    ['127.0.0.1', undefined, 'http://127.0.0.1:5180', 5180, false],
  ] as const)('bridge: peer %s, Host %s, Origin %s on port %s → %s', (remoteAddress, host, origin, localPort, allowed) => {
    expect(mayUseBridge({ remoteAddress, host, origin, localPort })).toBe(allowed);
  });

  const OWN = 'http://127.0.0.1:5180';
  it.each([
    // [peer, Host, Origin, allowed]
    ['127.0.0.1', '127.0.0.1:5180', undefined, true],
    ['127.0.0.1', '127.0.0.1:5180', OWN, true],
    ['::1', 'localhost:5180', undefined, true],
    ['192.168.1.9', '127.0.0.1:5180', undefined, false],
    ['192.168.1.9', '127.0.0.1:5180', OWN, false],
    ['127.0.0.1', '127.0.0.1:5180', 'https://evil.example', false],
    // Another page on this machine (a dev server, another shell) is not the shell itself.
    ['127.0.0.1', '127.0.0.1:5180', 'http://localhost:5173', false],
    ['127.0.0.1', '127.0.0.1:5180', 'http://127.0.0.1:5181', false],
    ['127.0.0.1', '127.0.0.1:5180', 'http://localhost:5180', false],
    ['127.0.0.1', '127.0.0.1:5180', `${OWN}/`, false],
    ['127.0.0.1', '127.0.0.1:5180', 'null', false],
    ['127.0.0.1', 'evil.example:5180', undefined, false],
  ])('test hooks: peer %s, Host %s, Origin %s → %s', (remoteAddress, host, origin, allowed) => {
    expect(mayUseTestHooks({ remoteAddress, host, origin }, OWN)).toBe(allowed);
  });
});

describe('static file resolution', () => {
  const root = mkdtempSync(join(tmpdir(), 'spawnpoint-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<html></html>');
  writeFileSync(join(root, 'assets', 'app.js'), '');
  writeFileSync(join(root, '.env'), 'SECRET=1');

  it.each([
    ['/', { kind: 'index' }],
    ['/index.html', { kind: 'file', path: join(root, 'index.html') }],
    ['/assets/app.js?v=3', { kind: 'file', path: join(root, 'assets', 'app.js') }],
    ['/assets/app%2Ejs', { kind: 'file', path: join(root, 'assets', 'app.js') }],
    ['/dashboard', { kind: 'index' }],
    ['/user-profile/', { kind: 'index' }],
    ['/assets', { kind: 'index' }],
    ['/assets/missing.js', { kind: 'not-found' }],
    ['/.env', { kind: 'not-found' }],
    ['/../etc/passwd', { kind: 'forbidden' }],
    ['/..%2f..%2fetc%2fpasswd', { kind: 'forbidden' }],
    ['/assets/%2e%2e/%2e%2e/etc/passwd', { kind: 'forbidden' }],
    ['/..%5c..%5cwindows', { kind: 'forbidden' }],
    ['/index.html%00.png', { kind: 'forbidden' }],
    ['/%E0%A4%A', { kind: 'forbidden' }],
    ['//etc/passwd', { kind: 'index' }],
  ])('%s → %o', async (path, target) => {
    expect(await resolveStatic(root, path)).toEqual(target);
  });

  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['app.JS', 'text/javascript; charset=utf-8'],
    ['style.css', 'text/css; charset=utf-8'],
    ['logo.svg', 'image/svg+xml'],
    ['font.woff2', 'font/woff2'],
    ['bg.mp4', 'video/mp4'],
    ['blob.bin', 'application/octet-stream'],
  ])('content type of %s is %s', (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });
});
