import { describe, expect, it } from 'vitest';
import {
  appLocation,
  isAppUrl,
  isTrustedSender,
  navigationDecision,
  permissionDecision,
  endsCustomer,
  popupNavigationDecision,
  popupPartition,
  popupPermissionDecision,
  windowOpenDecision,
} from '../../src/main/security/policy.js';
import { launchRefusal, refusedSwitches } from '../../src/main/security/launch-flags.js';
import { kioskWindowPlan } from '../../src/main/window/options.js';

const APP = appLocation('app://station/');
const DEV_APP = appLocation('http://localhost:5173/');

describe('navigation policy', () => {
  it.each([
    // [target, app, decision]
    ['app://station/', APP, 'allow'],
    ['app://station', APP, 'allow'],
    ['app://station/dashboard', APP, 'allow'],
    ['app://station/a/b/c?x=1#top', APP, 'allow'],
    ['app://STATION/login', APP, 'allow'],
    ['app://other/', APP, 'deny'],
    ['app://station.evil.example/', APP, 'deny'],
    ['app://evil.example/station/', APP, 'deny'],
    ['app://station@evil.example/', APP, 'deny'],
    ['app://user@station/', APP, 'deny'],
    ['app://station:8080/', APP, 'deny'],
    ['app:station', APP, 'deny'],
    ['apps://station/', APP, 'deny'],
    ['http://station/', APP, 'deny'],
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html', APP, 'deny'],
    ['file:///etc/passwd', APP, 'deny'],
    ['file://evil-host/opt/Spawnpoint/resources/app.asar/out/renderer/index.html', APP, 'deny'],
    ['http://evil.example/', APP, 'deny'],
    ['https://evil.example/', APP, 'deny'],
    ['javascript:alert(1)', APP, 'deny'],
    ['data:text/html,<h1>x</h1>', APP, 'deny'],
    ['not a url', APP, 'deny'],
    ['http://localhost:5173/login', DEV_APP, 'allow'],
    ['http://localhost:5173/dashboard?tab=games', DEV_APP, 'allow'],
    ['http://localhost:5174/', DEV_APP, 'deny'],
    ['http://localhost.evil.example:5173/', DEV_APP, 'deny'],
    ['http://localhost:5173@evil.example/', DEV_APP, 'deny'],
    ['https://localhost:5173/', DEV_APP, 'deny'],
    ['app://station/', DEV_APP, 'deny'],
    ['file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html', DEV_APP, 'deny'],
  ] as const)('%s → %s', (target, app, decision) => {
    expect(navigationDecision(target, app)).toBe(decision === 'allow' ? 'allow' : 'deny');
    expect(isAppUrl(target, app)).toBe(decision === 'allow');
  });

  it('knows the app by app://station or a dev server, nothing else', () => {
    expect(appLocation('app://station/dashboard')).toEqual({ kind: 'protocol', origin: 'app://station' });
    expect(appLocation('https://localhost:5173/x')).toEqual({ kind: 'http', origin: 'https://localhost:5173' });
    for (const entry of ['javascript:1', 'file:///opt/x/index.html', 'app://other/', 'not a url']) {
      expect(() => appLocation(entry), entry).toThrow(/app:\/\/station\/ or an http/);
    }
  });
});

describe('window.open policy', () => {
  const STEAM = 'https://steamcommunity.com/openid/login';
  const OPENID_QUERY =
    '?openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=checkid_setup&openid.return_to=http%3A%2F%2F192.168.1.10%3A4000%2Fsteam%2Fcallback';
  it.each([
    // [url, opener, app, decision]
    [STEAM, 'app://station/profile', APP, 'allow'],
    [`${STEAM}${OPENID_QUERY}`, 'app://station/profile', APP, 'allow'],
    [`${STEAM}${OPENID_QUERY}`, 'http://localhost:5173/profile', DEV_APP, 'allow'],
    ['https://STEAMCOMMUNITY.com/openid/login', 'app://station/', APP, 'allow'],
    [STEAM, 'https://steamcommunity.com/login', APP, 'deny'],
    [STEAM, undefined, APP, 'deny'],
    [STEAM, 'https://evil.example/', APP, 'deny'],
    ['http://steamcommunity.com/openid/login', 'app://station/', APP, 'deny'],
    ['https://steamcommunity.com:8443/openid/login', 'app://station/', APP, 'deny'],
    ['https://steamcommunity.com.evil.example/openid/login', 'app://station/', APP, 'deny'],
    ['https://evil.example/openid/login?x=https://steamcommunity.com/openid/login', 'app://station/', APP, 'deny'],
    ['https://user@steamcommunity.com/openid/login', 'app://station/', APP, 'deny'],
    ['https://steamcommunity.com/openid/login/../../id/x', 'app://station/', APP, 'deny'],
    ['https://steamcommunity.com/openid/loginx', 'app://station/', APP, 'deny'],
    ['https://steamcommunity.com/', 'app://station/', APP, 'deny'],
    ['https://store.steampowered.com/', 'app://station/', APP, 'deny'],
    ['http://localhost:5173/', 'http://localhost:5173/', DEV_APP, 'deny'],
    ['app://station/dashboard', 'app://station/', APP, 'deny'],
    ['about:blank', 'app://station/', APP, 'deny'],
    ['', 'app://station/', APP, 'deny'],
  ] as const)('%s opened by %s → %s', (url, opener, app, decision) => {
    const result = windowOpenDecision(url, opener, app);
    expect(result.action).toBe(decision);
    if (result.action === 'allow') {
      // The popup never gets the preload (the bridge) and is sandboxed.
      expect(result.overrideBrowserWindowOptions.webPreferences).toMatchObject({
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
      });
      expect(result.overrideBrowserWindowOptions.webPreferences).not.toHaveProperty('preload');
    }
  });

  it.each([
    ['http://10.0.0.2:4000/steam-openid/login?openid.mode=checkid_setup', 'app://station/', 'allow'],
    ['http://10.0.0.2:4000/steam-openid/loginx', 'app://station/', 'deny'],
    ['http://10.0.0.2:4001/steam-openid/login', 'app://station/', 'deny'],
    ['http://evil.example/steam-openid/login', 'app://station/', 'deny'],
    ['http://10.0.0.2:4000/steam-openid/login', 'https://evil.example/', 'deny'],
  ] as const)('the cafe server\'s Steam entry %s opened by %s → %s', (url, opener, decision) => {
    expect(windowOpenDecision(url, opener, APP, 'http://10.0.0.2:4000').action).toBe(decision);
    expect(windowOpenDecision(url, opener, APP).action).toBe('deny');
  });

  it.each([
    ['https://steamcommunity.com/openid/login?openid.mode=checkid_setup', 'allow'],
    ['https://steamcommunity.com/openid/loginform/?goto=x', 'allow'],
    ['https://steamcommunity.com/login/home/?goto=', 'allow'],
    ['https://login.steampowered.com/jwt/finalizelogin', 'allow'],
    ['https://store.steampowered.com/login/settoken', 'allow'],
    ['http://192.168.1.10:4000/steam-openid/login?return=x', 'allow'],
    ['http://192.168.1.10:4000/steam-openid/dev/login', 'allow'],
    ['app://station/steam-callback?openid.claimed_id=x', 'allow'],
    // issue 22: no other Steam page (profiles, uploads, the workshop, the store, support), none of the cafe server, none of the app
    ['https://steamcommunity.com/', 'deny'],
    ['https://steamcommunity.com/id/someone/edit/avatar', 'deny'],
    ['https://steamcommunity.com/sharedfiles/edititem/767/3/', 'deny'],
    ['https://steamcommunity.com/openid/login/../../id/x', 'deny'],
    ['https://steamcommunity.com/openid/loginx', 'deny'],
    ['https://steamcommunity.com/loginx', 'deny'],
    ['https://store.steampowered.com/', 'deny'],
    ['https://help.steampowered.com/en/wizard/HelpWithLogin', 'deny'],
    ['https://steamcommunity.com:8443/openid/login', 'deny'],
    ['http://steamcommunity.com/openid/login', 'deny'],
    ['https://user@steamcommunity.com/openid/login', 'deny'],
    ['https://steamcommunity.com.evil.example/openid/login', 'deny'],
    ['https://login.steampowered.com.evil.example/', 'deny'],
    ['http://192.168.1.10:4000/console/', 'deny'],
    ['http://192.168.1.10:4000/steam/callback', 'deny'],
    ['http://192.168.1.10:4001/steam-openid/login', 'deny'],
    ['app://station/dashboard', 'deny'],
    ['https://evil.example/', 'deny'],
    ['file:///etc/passwd', 'deny'],
    ['javascript:alert(1)', 'deny'],
  ] as const)('the Steam popup may navigate to %s → %s', (url, decision) => {
    expect(popupNavigationDecision(url, APP, 'http://192.168.1.10:4000')).toBe(decision);
  });

  it('opens each popup in the in-memory partition it is given, never a persistent one', () => {
    const url = 'https://steamcommunity.com/openid/login?openid.mode=checkid_setup';
    const result = windowOpenDecision(url, 'app://station/profile', APP, undefined, popupPartition('0f8e2a8c-1111-4222-8333-944455556666'));
    expect(result.action === 'allow' && result.overrideBrowserWindowOptions.webPreferences.partition).toBe(
      'steam-popup-0f8e2a8c-1111-4222-8333-944455556666',
    );
    expect(() => popupPartition('')).toThrow();
    expect(() => popupPartition('persist:x')).toThrow();
    expect(popupPermissionDecision()).toBe(false);
    expect(endsCustomer({ command: 'UserLogout' })).toBe(true);
    expect(endsCustomer({ command: 'ScreenLocked' })).toBe(false);
  });
});

describe('permission policy', () => {
  it.each([
    ['fullscreen', 'http://localhost:5173/login', DEV_APP, true],
    ['clipboard-sanitized-write', 'http://localhost:5173/', DEV_APP, true],
    ['fullscreen', 'app://station/dashboard', APP, true],
    ['fullscreen', 'app://station', APP, true],
    ['clipboard-sanitized-write', 'app://station/', APP, true],
    ['fullscreen', 'https://evil.example/', DEV_APP, false],
    ['fullscreen', 'https://evil.example/', APP, false],
    ['fullscreen', 'app://other/', APP, false],
    ['fullscreen', 'file:///opt/x/index.html', APP, false],
    ['fullscreen', 'app://station/', DEV_APP, false],
    ['media', 'http://localhost:5173/', DEV_APP, false],
    ['media', 'app://station/', APP, false],
    ['geolocation', 'http://localhost:5173/', DEV_APP, false],
    ['notifications', 'app://station/', APP, false],
    ['openExternal', 'app://station/', APP, false],
    ['clipboard-read', 'http://localhost:5173/', DEV_APP, false],
    ['hid', 'http://localhost:5173/', DEV_APP, false],
  ] as const)('%s from %s → %s', (permission, url, app, allowed) => {
    expect(permissionDecision(permission, url, app)).toBe(allowed);
  });
});

describe('IPC sender check', () => {
  const APP_URL = 'app://station/login';
  const page = (frameUrl: string) => ({ senderId: 7, frameUrl, isMainFrame: true });
  it.each([
    ['our window, top frame, our page', page(APP_URL), true],
    ['our window, top frame, another screen', page('app://station/dashboard?tab=games'), true],
    ['another webContents', { senderId: 8, frameUrl: APP_URL, isMainFrame: true }, false],
    ['a sub-frame', { senderId: 7, frameUrl: APP_URL, isMainFrame: false }, false],
    ['a destroyed frame', { senderId: 7, frameUrl: undefined, isMainFrame: true }, false],
    ['a foreign page in our window', page('https://evil.example/'), false],
    ['another app:// host', page('app://other/login'), false],
    ['the renderer from disk', page('file:///opt/Spawnpoint/resources/app.asar/out/renderer/index.html'), false],
    ['about:blank', page('about:blank'), false],
  ])('%s → %s', (_case, sender, trusted) => {
    expect(isTrustedSender(sender, 7, APP)).toBe(trusted);
  });
});

describe('kiosk window options', () => {
  it('is a full-screen kiosk above everything, with a sandboxed, isolated renderer', () => {
    const plan = kioskWindowPlan({ windowed: false, preloadPath: '/app/out/preload/index.cjs', devTools: false });
    expect(plan.alwaysOnTopLevel).toBe('screen-saver');
    expect(plan.options).toMatchObject({ kiosk: true, fullscreen: true, alwaysOnTop: true, autoHideMenuBar: true });
    expect(plan.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      webviewTag: false,
      devTools: false,
    });
  });

  it('has devtools only outside packaged builds', () => {
    expect(kioskWindowPlan({ windowed: false, preloadPath: '/p.cjs', devTools: false }).options.webPreferences?.devTools).toBe(false);
    expect(kioskWindowPlan({ windowed: true, preloadPath: '/p.cjs', devTools: true }).options.webPreferences?.devTools).toBe(true);
  });

  it('--windowed gives a normal window with the same web preferences', () => {
    const kiosk = kioskWindowPlan({ windowed: false, preloadPath: '/p.cjs', devTools: false });
    const windowed = kioskWindowPlan({ windowed: true, preloadPath: '/p.cjs', devTools: false });
    expect(windowed.alwaysOnTopLevel).toBeNull();
    expect(windowed.options.kiosk).toBeUndefined();
    expect(windowed.options.fullscreen).toBeUndefined();
    expect(windowed.options.webPreferences).toEqual(kiosk.options.webPreferences);
  });
});

describe('launch switches (packaged builds start only with the allowlist)', () => {
  it.each([
    // [argv, platform, refused switches]: the debugging switches and the ones issue 22 found a denylist missed
    [['--remote-debugging-port=9222'], 'linux', ['--remote-debugging-port']],
    [['--remote-debugging-port', '9222'], 'linux', ['--remote-debugging-port']],
    [['-remote-debugging-port=9222'], 'linux', ['-remote-debugging-port']],
    [['--remote-debugging-pipe'], 'linux', ['--remote-debugging-pipe']],
    [['--inspect=0.0.0.0:9229'], 'linux', ['--inspect']],
    [['--inspect-brk'], 'linux', ['--inspect-brk']],
    [['--js-flags=--allow-natives-syntax'], 'linux', ['--js-flags']],
    [['--proxy-server=http://10.0.0.66:8080'], 'win32', ['--proxy-server']],
    [['--host-resolver-rules=MAP * 10.0.0.66'], 'win32', ['--host-resolver-rules']],
    [['--no-sandbox'], 'win32', ['--no-sandbox']],
    [['--disable-web-security'], 'win32', ['--disable-web-security']],
    [['--ignore-certificate-errors'], 'win32', ['--ignore-certificate-errors']],
    [['--ignore-certificate-errors-spki-list=abc'], 'win32', ['--ignore-certificate-errors-spki-list']],
    [['--gpu-launcher=cmd.exe /c calc'], 'win32', ['--gpu-launcher']],
    [['--renderer-cmd-prefix=cmd /c'], 'win32', ['--renderer-cmd-prefix']],
    [['--utility-cmd-prefix=x'], 'win32', ['--utility-cmd-prefix']],
    [['--user-data-dir=C:\\Users\\me\\x'], 'win32', ['--user-data-dir']],
    [['--load-extension=C:\\x'], 'win32', ['--load-extension']],
    [['--windowed'], 'win32', ['--windowed']],
    [['--dry-run'], 'linux', ['--dry-run']],
    [['--server=http://10.0.0.66:4000'], 'win32', ['--server']],
    [['--REMOTE-DEBUGGING-PORT=9222'], 'win32', ['--REMOTE-DEBUGGING-PORT']],
    [['/remote-debugging-port=9222'], 'win32', ['/remote-debugging-port']],
    [['/NO-SANDBOX'], 'win32', ['/NO-SANDBOX']],
    [['--a-switch-nobody-thought-of'], 'linux', ['--a-switch-nobody-thought-of']],
    // allowed: no switch, the allowlist, positional arguments, anything after --
    [[], 'win32', []],
    [['C:\\Program Files\\Spawnpoint\\Spawnpoint.exe'], 'win32', []],
    [['--system-actions', '--NFC'], 'win32', []],
    [['/remote-debugging-port=9222'], 'linux', []],
    [['--', '--inspect'], 'linux', []],
  ] as const)('%j on %s → %j', (argv, platform, found) => {
    expect(refusedSwitches(argv, platform)).toEqual(found);
  });

  it('refuses them only in packaged builds, naming them', () => {
    expect(launchRefusal(['--remote-debugging-port=9222', '--no-sandbox'], 'linux', true)).toBe(
      "Spawnpoint does not start with --remote-debugging-port, --no-sandbox: the installed kiosk takes no switches but --system-actions and --nfc (its settings are in the machine's station.json).",
    );
    expect(launchRefusal(['--remote-debugging-port=9222'], 'linux', false)).toBeNull();
    expect(launchRefusal(['--system-actions'], 'win32', true)).toBeNull();
    expect(launchRefusal([], 'win32', true)).toBeNull();
  });
});
