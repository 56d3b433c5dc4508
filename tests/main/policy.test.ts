import { describe, expect, it } from 'vitest';
import {
  appLocation,
  isAppUrl,
  isTrustedSender,
  navigationDecision,
  permissionDecision,
  windowOpenDecision,
} from '../../src/main/security/policy.js';
import { kioskWindowPlan } from '../../src/main/window/options.js';

const FILE_APP = appLocation('file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html');
const DEV_APP = appLocation('http://localhost:5173/');

describe('navigation policy', () => {
  it.each([
    // [target, app, decision]
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html', FILE_APP, 'allow'],
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html#/dashboard', FILE_APP, 'allow'],
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html?x=1', FILE_APP, 'allow'],
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/../renderer/index.html', FILE_APP, 'allow'],
    ['file:///etc/passwd', FILE_APP, 'deny'],
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/other.html', FILE_APP, 'deny'],
    ['file://evil-host/opt/Spawnpoint/resources/app.asar/out/renderer/index.html', FILE_APP, 'deny'],
    ['https://evil.example/', FILE_APP, 'deny'],
    ['javascript:alert(1)', FILE_APP, 'deny'],
    ['data:text/html,<h1>x</h1>', FILE_APP, 'deny'],
    ['not a url', FILE_APP, 'deny'],
    ['http://localhost:5173/login', DEV_APP, 'allow'],
    ['http://localhost:5173/dashboard?tab=games', DEV_APP, 'allow'],
    ['http://localhost:5174/', DEV_APP, 'deny'],
    ['http://localhost.evil.example:5173/', DEV_APP, 'deny'],
    ['http://localhost:5173@evil.example/', DEV_APP, 'deny'],
    ['https://localhost:5173/', DEV_APP, 'deny'],
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html', DEV_APP, 'deny'],
  ] as const)('%s → %s', (target, app, decision) => {
    expect(navigationDecision(target, app)).toBe(decision === 'allow' ? 'allow' : 'deny');
    expect(isAppUrl(target, app)).toBe(decision === 'allow');
  });

  it('accepts only file: and http(s): entry points', () => {
    expect(() => appLocation('javascript:1')).toThrow(/file: or http/);
  });
});

describe('window.open policy', () => {
  it.each(['https://steamcommunity.com/openid/login', 'http://localhost:5173/', 'about:blank', ''])(
    'denies %j',
    (url) => {
      expect(windowOpenDecision(url)).toEqual({ action: 'deny' });
    },
  );
});

describe('permission policy', () => {
  it.each([
    ['fullscreen', 'http://localhost:5173/login', DEV_APP, true],
    ['clipboard-sanitized-write', 'http://localhost:5173/', DEV_APP, true],
    ['fullscreen', 'file:///opt/x/index.html', FILE_APP, true],
    ['fullscreen', 'https://evil.example/', DEV_APP, false],
    ['fullscreen', 'https://evil.example/', FILE_APP, false],
    ['media', 'http://localhost:5173/', DEV_APP, false],
    ['geolocation', 'http://localhost:5173/', DEV_APP, false],
    ['notifications', 'file:///opt/x/index.html', FILE_APP, false],
    ['openExternal', 'file:///opt/x/index.html', FILE_APP, false],
    ['clipboard-read', 'http://localhost:5173/', DEV_APP, false],
    ['hid', 'http://localhost:5173/', DEV_APP, false],
  ] as const)('%s from %s → %s', (permission, url, app, allowed) => {
    expect(permissionDecision(permission, url, app)).toBe(allowed);
  });
});

describe('IPC sender check', () => {
  const APP_URL = 'file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html#/login';
  it.each([
    ['our window, top frame, our page', { senderId: 7, frameUrl: APP_URL, isMainFrame: true }, true],
    ['another webContents', { senderId: 8, frameUrl: APP_URL, isMainFrame: true }, false],
    ['a sub-frame', { senderId: 7, frameUrl: APP_URL, isMainFrame: false }, false],
    ['a destroyed frame', { senderId: 7, frameUrl: undefined, isMainFrame: true }, false],
    ['a foreign page in our window', { senderId: 7, frameUrl: 'https://evil.example/', isMainFrame: true }, false],
  ])('%s → %s', (_case, sender, trusted) => {
    expect(isTrustedSender(sender, 7, FILE_APP)).toBe(trusted);
  });
});

describe('kiosk window options', () => {
  it('is a full-screen kiosk above everything, with a sandboxed, isolated renderer', () => {
    const plan = kioskWindowPlan({ windowed: false, preloadPath: '/app/out/preload/index.cjs' });
    expect(plan.alwaysOnTopLevel).toBe('screen-saver');
    expect(plan.options).toMatchObject({ kiosk: true, fullscreen: true, alwaysOnTop: true, autoHideMenuBar: true });
    expect(plan.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      webviewTag: false,
    });
  });

  it('--windowed gives a normal window with the same web preferences', () => {
    const kiosk = kioskWindowPlan({ windowed: false, preloadPath: '/p.cjs' });
    const windowed = kioskWindowPlan({ windowed: true, preloadPath: '/p.cjs' });
    expect(windowed.alwaysOnTopLevel).toBeNull();
    expect(windowed.options.kiosk).toBeUndefined();
    expect(windowed.options.fullscreen).toBeUndefined();
    expect(windowed.options.webPreferences).toEqual(kiosk.options.webPreferences);
  });
});
