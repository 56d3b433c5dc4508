/**
 * The Electron glue files, run against a stand-in 'electron' module (the
 * Electron binary is not available to tests): what the preload exposes, which
 * IPC senders the bridge accepts, how the security policy is wired, and the
 * start-up order of index.ts (app:// registered before ready, served after).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL, IPC_TO_RENDERER, IPC_TO_SHELL } from '../../src/shared/bridge/protocol.js';
import type { ShellToRenderer } from '../../src/shared/bridge/protocol.js';

type Handler = (...args: unknown[]) => unknown;
const electron = vi.hoisted(() => {
  const channels = new Map<string, Set<(...args: unknown[]) => unknown>>();
  const appHandlers = new Map<string, (...args: unknown[]) => unknown>();
  let markReady = () => {};
  const ready = {
    isReady: false,
    promise: new Promise<void>((resolve) => (markReady = resolve)),
    fire() {
      this.isReady = true;
      markReady();
    },
  };
  return {
    channels,
    appHandlers,
    ready,
    /** What index.ts did, in order: [what, details, whether app was ready]. */
    startup: [] as [string, unknown, boolean][],
    protocolHandlers: new Map<string, (request: { url: string; method: string }) => Promise<Response>>(),
    exposed: new Map<string, unknown>(),
    sent: [] as unknown[][],
    permission: {} as { request?: (...args: unknown[]) => void; check?: (...args: unknown[]) => boolean },
    sessionHandlers: new Map<string, (...args: unknown[]) => unknown>(),
    defaultCleared: [] as unknown[][],
    partitions: new Map<
      string,
      {
        partition: string;
        handlers: Map<string, (...args: unknown[]) => unknown>;
        permission: { request?: (...args: unknown[]) => unknown; check?: (...args: unknown[]) => unknown; device?: (...args: unknown[]) => unknown };
        cleared: unknown[][];
      }
    >(),
    verifyProc: null as null | ((request: unknown, callback: (verdict: number) => void) => void),
    windows: [] as Array<{
      calls: unknown[][];
      handlers: Map<string, (...args: unknown[]) => unknown>;
      contentsHandlers: Map<string, (...args: unknown[]) => unknown>;
      focused: boolean;
    }>,
  };
});

vi.mock('electron', () => {
  const on = (channel: string, handler: Handler) => {
    if (!electron.channels.has(channel)) electron.channels.set(channel, new Set());
    electron.channels.get(channel)!.add(handler);
  };
  const removeListener = (channel: string, handler: Handler) => electron.channels.get(channel)?.delete(handler);
  const record = (what: string, details?: unknown) => electron.startup.push([what, details, electron.ready.isReady]);
  class BrowserWindow {
    calls: unknown[][] = [];
    handlers = new Map<string, Handler>();
    focused = false;
    contentsHandlers = new Map<string, Handler>();
    webContents = {
      id: 1,
      isDestroyed: () => false,
      send: () => {},
      on: (event: string, handler: Handler) => this.contentsHandlers.set(event, handler),
      setZoomFactor: (factor: number) => this.calls.push(['setZoomFactor', factor]),
      setVisualZoomLevelLimits: (min: number, max: number) => {
        this.calls.push(['setVisualZoomLevelLimits', min, max]);
        return Promise.resolve();
      },
    };
    constructor(options: unknown) {
      record('new BrowserWindow', options);
      electron.windows.push(this);
    }
    setMenu() {}
    setAlwaysOnTop(...args: unknown[]) {
      this.calls.push(['setAlwaysOnTop', ...args]);
    }
    once(event: string, handler: Handler) {
      this.handlers.set(event, handler);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
    }
    isDestroyed() {
      return false;
    }
    isFocused() {
      return this.focused;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    show() {
      this.calls.push(['show']);
    }
    moveTop() {}
    focus() {
      this.calls.push(['focus']);
    }
    minimize() {
      this.calls.push(['minimize']);
    }
    reload() {
      this.calls.push(['reload']);
    }
    loadURL(url: string) {
      record('loadURL', url);
      return Promise.resolve();
    }
  }
  return {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
    ipcRenderer: { send: (...args: unknown[]) => electron.sent.push(args), on, removeListener },
    ipcMain: { on, removeListener },
    app: {
      on: (event: string, handler: Handler) => electron.appHandlers.set(event, handler),
      whenReady: () => electron.ready.promise,
      enableSandbox: () => record('enableSandbox'),
      requestSingleInstanceLock: () => true,
      isPackaged: false,
      getPath: () => mkdtempSync(join(tmpdir(), 'spawnpoint-glue-')),
      quit: () => record('quit'),
      exit: (code: number) => record('exit', code),
    },
    powerMonitor: { getSystemIdleTime: () => 0 },
    dialog: { showErrorBox: (title: string, text: string) => record('showErrorBox', `${title}: ${text}`) },
    BrowserWindow,
    utilityProcess: { fork: () => ({ on() {}, once() {}, kill() {}, stderr: null }) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => {
        // Electron throws when it is too late; so does the stand-in.
        if (electron.ready.isReady) throw new Error('registerSchemesAsPrivileged after ready');
        record('registerSchemesAsPrivileged', schemes);
      },
      handle: (scheme: string, handler: (request: { url: string; method: string }) => Promise<Response>) => {
        record('protocol.handle', scheme);
        electron.protocolHandlers.set(scheme, handler);
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => (electron.permission.request = handler),
        setPermissionCheckHandler: (handler: (...args: unknown[]) => boolean) => (electron.permission.check = handler),
        on: (event: string, handler: Handler) => electron.sessionHandlers.set(event, handler),
        setDevicePermissionHandler: (handler: Handler) => electron.sessionHandlers.set('device-permission', handler),
        clearStorageData: (options: unknown) => {
          electron.defaultCleared.push(['clearStorageData', options]);
          return Promise.resolve();
        },
        clearAuthCache: () => {
          electron.defaultCleared.push(['clearAuthCache']);
          return Promise.resolve();
        },
        setCertificateVerifyProc: (proc: (request: unknown, callback: (verdict: number) => void) => void) =>
          (electron.verifyProc = proc),
      },
      fromPartition: (partition: string) => {
        const existing = electron.partitions.get(partition);
        if (existing) return existing;
        const fake = {
          partition,
          handlers: new Map<string, Handler>(),
          permission: {} as { request?: Handler; check?: Handler; device?: Handler },
          cleared: [] as unknown[][],
          on(event: string, handler: Handler) {
            this.handlers.set(event, handler);
          },
          setPermissionRequestHandler(handler: Handler) {
            this.permission.request = handler;
          },
          setPermissionCheckHandler(handler: Handler) {
            this.permission.check = handler;
          },
          setDevicePermissionHandler(handler: Handler) {
            this.permission.device = handler;
          },
          clearStorageData(options: unknown) {
            this.cleared.push(['clearStorageData', options]);
            return Promise.resolve();
          },
          clearCache() {
            this.cleared.push(['clearCache']);
            return Promise.resolve();
          },
          clearAuthCache() {
            this.cleared.push(['clearAuthCache']);
            return Promise.resolve();
          },
        };
        electron.partitions.set(partition, fake);
        return fake;
      },
    },
  };
});

const emitOn = (channel: string, ...args: unknown[]) => electron.channels.get(channel)?.forEach((h) => h(...args));

beforeEach(() => {
  electron.channels.clear();
  electron.sent.length = 0;
});

describe('preload', () => {
  it('requires nothing at runtime but electron (a sandboxed preload cannot)', () => {
    const source = readFileSync(join(import.meta.dirname, '../../src/preload/index.ts'), 'utf8');
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(runtimeImports).toEqual(['electron', '../shared/bridge/channels.js']);
    expect(source).not.toMatch(/\brequire\(|import\(/);
    // The one shared module it bundles must itself import nothing.
    const channels = readFileSync(join(import.meta.dirname, '../../src/shared/bridge/channels.ts'), 'utf8');
    expect(channels).not.toMatch(/^\s*import\s/m);
    expect(channels).not.toMatch(/\brequire\(|import\(/);
  });

  it('exposes one bridge object whose listeners see only the message', async () => {
    await import('../../src/preload/index.js');
    const api = electron.exposed.get(BRIDGE_GLOBAL) as {
      send(m: unknown): void;
      onMessage(l: (...args: unknown[]) => void): () => void;
    };
    expect(Object.keys(api).sort()).toEqual(['onMessage', 'send']);

    api.send({ command: 'GimmeData' });
    expect(electron.sent).toEqual([[IPC_TO_SHELL, { command: 'GimmeData' }]]);

    const listener = vi.fn();
    const unsubscribe = api.onMessage(listener);
    const fakeEvent = { sender: 'ipcRenderer', ports: [] };
    emitOn(IPC_TO_RENDERER, fakeEvent, { command: 'StartUpCompleted' });
    expect(listener.mock.calls).toEqual([[{ command: 'StartUpCompleted' }]]);

    unsubscribe();
    emitOn(IPC_TO_RENDERER, fakeEvent, { command: 'StartUpCompleted' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(electron.channels.get(IPC_TO_RENDERER)?.size).toBe(0);
  });
});

describe('IPC bridge binding', () => {
  const APP_URL = 'app://station/';

  async function bind() {
    const { bindIpcBridge } = await import('../../src/main/bridge/ipc.js');
    const { appLocation } = await import('../../src/main/security/policy.js');
    const toWindow: unknown[][] = [];
    const handled: unknown[] = [];
    const lines: string[] = [];
    const onceHandlers = new Map<string, Handler>();
    const win = {
      webContents: { id: 7, isDestroyed: () => false, send: (...args: unknown[]) => toWindow.push(args) },
      once: (event: string, handler: Handler) => onceHandlers.set(event, handler),
    };
    let emit: (m: ShellToRenderer) => void = () => {};
    bindIpcBridge({
      win: win as never,
      location: appLocation(APP_URL),
      log: (line) => lines.push(line),
      createRouter: (e) => {
        emit = e;
        return { handle: async (raw) => void handled.push(raw) };
      },
    });
    return { toWindow, handled, lines, emit: (m: ShellToRenderer) => emit(m), onceHandlers };
  }
  const event = (senderId: number, url: string | null, parent: unknown = null) => ({
    sender: { id: senderId },
    senderFrame: url === null ? null : { url: `${url}login`, parent },
  });

  it('hands messages from our window to the router and emits to our window', async () => {
    const b = await bind();
    emitOn(IPC_TO_SHELL, event(7, APP_URL), { command: 'GimmeData' });
    expect(b.handled).toEqual([{ command: 'GimmeData' }]);
    b.emit({ command: 'StartUpCompleted' });
    expect(b.toWindow).toEqual([[IPC_TO_RENDERER, { command: 'StartUpCompleted' }]]);
  });

  it.each([
    ['another webContents', event(8, APP_URL)],
    ['a sub-frame', event(7, APP_URL, { url: APP_URL })],
    ['a foreign page', event(7, 'https://evil.example/')],
    ['another app:// host', event(7, 'app://other/')],
    ['the renderer from disk', event(7, 'file:///app/out/renderer/')],
    ['a destroyed frame', event(7, null)],
  ])('ignores %s', async (_case, ev) => {
    const b = await bind();
    emitOn(IPC_TO_SHELL, ev, { command: 'SystemShutdown' });
    expect(b.handled).toEqual([]);
    expect(b.lines[0]).toMatch(/untrusted sender/);
  });

  it('stops listening when the window closes', async () => {
    const b = await bind();
    b.onceHandlers.get('closed')?.();
    expect(electron.channels.get(IPC_TO_SHELL)?.size).toBe(0);
  });
});

describe('security wiring', () => {
  it('applies the policy to every new web contents and to permissions', async () => {
    const { applySecurityPolicy } = await import('../../src/main/security/harden.js');
    const { appLocation } = await import('../../src/main/security/policy.js');
    const lines: string[] = [];
    applySecurityPolicy(appLocation('http://localhost:5173/'), (line) => lines.push(line));

    const handlers = new Map<string, Handler>();
    let openHandler: Handler = () => undefined;
    const contents = {
      setWindowOpenHandler: (h: Handler) => (openHandler = h),
      on: (name: string, h: Handler) => handlers.set(name, h),
      getURL: () => 'http://localhost:5173/profile',
    };
    electron.appHandlers.get('web-contents-created')?.({}, contents);

    expect(openHandler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(openHandler({ url: 'https://steamcommunity.com/openid/login?openid.mode=checkid_setup' })).toMatchObject({
      action: 'allow',
    });
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      const blocked = { url: 'https://evil.example/', preventDefault: vi.fn() };
      handlers.get(name)?.(blocked);
      expect(blocked.preventDefault, name).toHaveBeenCalled();
      const allowed = { url: 'http://localhost:5173/dashboard', preventDefault: vi.fn() };
      handlers.get(name)?.(allowed);
      expect(allowed.preventDefault, name).not.toHaveBeenCalled();
    }
    const webview = { preventDefault: vi.fn() };
    handlers.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();

    const granted = vi.fn();
    electron.permission.request?.({}, 'media', granted, { requestingUrl: 'http://localhost:5173/' });
    electron.permission.request?.({}, 'fullscreen', granted, { requestingUrl: 'http://localhost:5173/' });
    expect(granted.mock.calls).toEqual([[false], [true]]);
    expect(electron.permission.check?.({}, 'geolocation', 'http://localhost:5173')).toBe(false);
  });
});

describe('kiosk trust wiring', () => {
  it('refuses every download', async () => {
    const { applySecurityPolicy } = await import('../../src/main/security/harden.js');
    const { appLocation } = await import('../../src/main/security/policy.js');
    const lines: string[] = [];
    applySecurityPolicy(appLocation('app://station/'), (line) => lines.push(line));
    const download = { preventDefault: vi.fn() };
    const item = { getFilename: () => 'setup.exe', getURL: () => 'https://evil.example/setup.exe' };
    electron.sessionHandlers.get('will-download')?.(download, item);
    expect(download.preventDefault).toHaveBeenCalled();
    expect(lines).toContain('security: refused a download of setup.exe from https://evil.example/setup.exe');
  });

  it('closes devtools at once in packaged builds', async () => {
    const { applySecurityPolicy } = await import('../../src/main/security/harden.js');
    const { appLocation } = await import('../../src/main/security/policy.js');
    const contentsOf = () => {
      const handlers = new Map<string, Handler>();
      return { handlers, closeDevTools: vi.fn(), setWindowOpenHandler: () => {}, on: (n: string, h: Handler) => handlers.set(n, h), getURL: () => 'app://station/' };
    };
    applySecurityPolicy(appLocation('app://station/'), () => {}, { noDevTools: true });
    const packaged = contentsOf();
    electron.appHandlers.get('web-contents-created')?.({}, packaged);
    packaged.handlers.get('devtools-opened')?.();
    expect(packaged.closeDevTools).toHaveBeenCalled();

    applySecurityPolicy(appLocation('app://station/'), () => {}, { noDevTools: false });
    const development = contentsOf();
    electron.appHandlers.get('web-contents-created')?.({}, development);
    expect(development.handlers.has('devtools-opened')).toBe(false);
  });

  it("accepts the cafe server's certificate only when it is the pinned one, read when TLS is verified", async () => {
    const { applySecurityPolicy } = await import('../../src/main/security/harden.js');
    const { appLocation } = await import('../../src/main/security/policy.js');
    const { selfSignedCertificate } = await import('./support/enrolment-server.js');
    const [cafe, other] = await Promise.all([selfSignedCertificate(), selfSignedCertificate()]);
    let pin: string | null = null;
    applySecurityPolicy(appLocation('app://station/'), () => {}, {
      serverUrl: 'https://192.168.1.10:4443',
      pinnedFingerprint: () => pin,
    });
    const verdict = (hostname: string, pem: string) => {
      let result: number | undefined;
      electron.verifyProc?.({ hostname, certificate: { data: pem } }, (v) => (result = v));
      return result;
    };
    expect(verdict('192.168.1.10', cafe.cert)).toBe(-3); // enrolment has not settled: Chromium decides
    pin = cafe.fingerprint256;
    expect(verdict('192.168.1.10', cafe.cert)).toBe(0);
    expect(verdict('192.168.1.10', other.cert)).toBe(-2);
    expect(verdict('steamcommunity.com', other.cert)).toBe(-3);
  });
});

describe('Steam popup wiring (issue 22: a clean room)', () => {
  async function setUp() {
    const { applySecurityPolicy } = await import('../../src/main/security/harden.js');
    const { appLocation } = await import('../../src/main/security/policy.js');
    const lines: string[] = [];
    const security = applySecurityPolicy(appLocation('app://station/'), (line) => lines.push(line), {
      serverUrl: 'http://192.168.1.10:4000',
    });
    const created = electron.appHandlers.get('web-contents-created')!;
    const contentsOf = (session?: unknown) => {
      const handlers = new Map<string, Handler>();
      let openHandler: Handler = () => undefined;
      return {
        handlers,
        session,
        open: (url: string) => openHandler({ url }) as { action: string; overrideBrowserWindowOptions?: { webPreferences: { partition?: string } } },
        setWindowOpenHandler: (h: Handler) => (openHandler = h),
        on: (name: string, h: Handler) => handlers.set(name, h),
        getURL: () => 'app://station/profile',
      };
    };
    const main = contentsOf();
    created({}, main);
    /** The renderer opens the popup: Electron creates it in the partition the decision named. */
    const openPopup = () => {
      const decision = main.open('https://steamcommunity.com/openid/login?openid.mode=checkid_setup');
      expect(decision.action).toBe('allow');
      const partition = decision.overrideBrowserWindowOptions!.webPreferences.partition!;
      const popupSession = electron.partitions.get(partition)!;
      const popup = contentsOf(popupSession);
      created({}, popup);
      const closed = new Map<string, Handler>();
      const child = {
        webContents: popup,
        setMenu: vi.fn(),
        setAlwaysOnTop: vi.fn(),
        once: (name: string, h: Handler) => closed.set(name, h),
        isDestroyed: () => false,
        close: vi.fn(() => closed.get('closed')?.()),
      };
      main.handlers.get('did-create-window')?.(child);
      return { partition, popupSession, popup, child };
    };
    return { security, lines, main, openPopup };
  }

  it('each popup gets a fresh in-memory partition with no permission, download, device or file-system access', async () => {
    const { openPopup } = await setUp();
    const first = openPopup();
    const second = openPopup();
    expect(first.partition).not.toBe(second.partition);
    for (const { partition, popupSession, child } of [first, second]) {
      expect(partition).toMatch(/^steam-popup-[0-9a-f-]{36}$/);
      expect(partition.startsWith('persist:')).toBe(false);
      expect(child.setAlwaysOnTop).toHaveBeenCalledWith(true, 'screen-saver');
      const granted = vi.fn();
      for (const permission of ['media', 'fullscreen', 'notifications', 'fileSystem', 'clipboard-read']) {
        popupSession.permission.request?.({}, permission, granted, { requestingUrl: 'https://steamcommunity.com/' });
        expect(popupSession.permission.check?.({}, permission, 'https://steamcommunity.com')).toBe(false);
      }
      expect(granted.mock.calls.every(([value]) => value === false)).toBe(true);
      expect(popupSession.permission.device?.({})).toBe(false);
      const download = { preventDefault: vi.fn() };
      popupSession.handlers.get('will-download')?.(download, { getFilename: () => 'x.exe', getURL: () => 'https://steamcommunity.com/x.exe' });
      expect(download.preventDefault).toHaveBeenCalled();
      const fsAccess = vi.fn();
      popupSession.handlers.get('file-system-access-restricted')?.({}, { path: 'C:\\Users' }, fsAccess);
      expect(fsAccess).toHaveBeenCalledWith('deny');
      for (const picker of ['select-hid-device', 'select-serial-port', 'select-usb-device']) {
        const event = { preventDefault: vi.fn() };
        const chosen = vi.fn();
        popupSession.handlers.get(picker)?.(event, {}, chosen);
        expect(event.preventDefault, picker).toHaveBeenCalled();
        expect(chosen, picker).toHaveBeenCalledWith(null);
      }
    }
  });

  it("keeps the popup on Steam's sign-in pages and the cafe server's Steam pages", async () => {
    const { main, openPopup } = await setUp();
    const { popup } = openPopup();
    const navigate = (contents: { handlers: Map<string, Handler> }, url: string, event = 'will-navigate') => {
      const e = { url, preventDefault: vi.fn() };
      contents.handlers.get(event)?.(e);
      return e.preventDefault.mock.calls.length === 0 ? 'allowed' : 'blocked';
    };
    expect(navigate(popup, 'https://steamcommunity.com/openid/login?openid.mode=checkid_setup')).toBe('allowed');
    expect(navigate(popup, 'https://steamcommunity.com/login/home/')).toBe('allowed');
    expect(navigate(popup, 'http://192.168.1.10:4000/steam-openid/dev/login')).toBe('allowed');
    expect(navigate(popup, 'app://station/steam-callback?openid.mode=id_res')).toBe('allowed');
    // The leak: any steamcommunity.com page, upload pages with a file dialog among them.
    expect(navigate(popup, 'https://steamcommunity.com/id/someone/edit/avatar')).toBe('blocked');
    expect(navigate(popup, 'https://steamcommunity.com/sharedfiles/edititem/767/3/', 'will-redirect')).toBe('blocked');
    expect(navigate(popup, 'http://192.168.1.10:4000/console/', 'will-frame-navigate')).toBe('blocked');
    expect(navigate(popup, 'app://station/dashboard')).toBe('blocked');
    // The kiosk's own page still may not leave the app.
    expect(navigate(main, 'https://steamcommunity.com/login/home/')).toBe('blocked');
  });

  it('wipes a popup\'s session when it closes, and at logout closes the popups and wipes the customer\'s storage', async () => {
    const { security, openPopup, lines } = await setUp();
    const { popupSession, child } = openPopup();
    expect(popupSession.cleared).toEqual([]);
    electron.defaultCleared.length = 0;
    await security.endCustomer();
    expect(child.close).toHaveBeenCalled();
    await vi.waitFor(() => expect(popupSession.cleared.map(([what]) => what)).toEqual(['clearStorageData', 'clearCache', 'clearAuthCache']));
    expect(popupSession.cleared[0]?.[1]).toEqual({
      storages: ['cookies', 'filesystem', 'indexdb', 'localstorage', 'shadercache', 'serviceworkers', 'cachestorage'],
    });
    expect(electron.defaultCleared).toEqual([
      ['clearStorageData', { storages: ['cookies', 'filesystem', 'indexdb', 'serviceworkers', 'shadercache'] }],
      ['clearAuthCache'],
    ]);
    expect(lines).toContain("security: the customer logged out; the kiosk's cookies and site data are wiped");
  });
});

describe('kiosk window glue', () => {
  afterAll(() => vi.useRealTimers());

  async function open(windowed = false) {
    const { createKioskWindow, REFOCUS_DELAY_MS, RELOAD_DELAY_MS } = await import(
      '../../src/main/window/kiosk-window.js'
    );
    const lines: string[] = [];
    const kiosk = createKioskWindow({ windowed, preloadPath: '/p.cjs', devTools: false, log: (line) => lines.push(line) });
    const win = electron.windows.at(-1)!;
    return { kiosk, win, lines, REFOCUS_DELAY_MS, RELOAD_DELAY_MS };
  }

  it('drops blocked keys before the page and lets Ctrl+L through', async () => {
    const { win } = await open();
    const press = (input: object) => {
      const event = { preventDefault: vi.fn() };
      win.contentsHandlers.get('before-input-event')?.(event, { type: 'keyDown', ...input });
      return event.preventDefault.mock.calls.length > 0 ? 'blocked' : 'passed';
    };
    expect(press({ key: 'F4', code: 'F4', alt: true })).toBe('blocked');
    expect(press({ key: 'r', code: 'KeyR', control: true })).toBe('blocked');
    expect(press({ key: 'l', code: 'KeyL', control: true })).toBe('passed');
    expect(win.calls).toContainEqual(['setVisualZoomLevelLimits', 1, 1]);
    win.contentsHandlers.get('zoom-changed')?.({}, 'in');
    expect(win.calls).toContainEqual(['setZoomFactor', 1]);
  });

  it('while the lock screen is up, Tab cannot walk out of it, in a dry run too (issue 22 item 7)', async () => {
    const { createKioskWindow } = await import('../../src/main/window/kiosk-window.js');
    const kiosk = createKioskWindow({ windowed: false, preloadPath: '/p.cjs', devTools: false, log: () => undefined, followGames: false });
    const win = electron.windows.at(-1)!;
    const press = (input: object) => {
      const event = { preventDefault: vi.fn() };
      win.contentsHandlers.get('before-input-event')?.(event, { type: 'keyDown', ...input });
      return event.preventDefault.mock.calls.length > 0 ? 'blocked' : 'passed';
    };
    expect(press({ key: 'Tab', code: 'Tab' })).toBe('passed');
    kiosk.observeFromRenderer({ command: 'ScreenLocked' });
    expect(press({ key: 'Tab', code: 'Tab' })).toBe('blocked');
    expect(press({ key: 'Tab', code: 'Tab', shift: true })).toBe('blocked');
    expect(press({ key: 'F6', code: 'F6' })).toBe('blocked');
    expect(press({ key: 'Enter', code: 'Enter' })).toBe('passed');
    expect(press({ key: 'a', code: 'KeyA' })).toBe('passed');
    kiosk.observeFromRenderer({ command: 'ScreenUnlocked' });
    expect(press({ key: 'Tab', code: 'Tab' })).toBe('passed');
    // A message that does not parse changes nothing.
    kiosk.observeFromRenderer({ command: 'Nope' });
    expect(press({ key: 'Tab', code: 'Tab' })).toBe('passed');
  });

  it('takes the focus back on blur, but not while a game runs (unless the screen locks)', async () => {
    vi.useFakeTimers();
    const { kiosk, win, REFOCUS_DELAY_MS } = await open();
    win.calls.length = 0;
    win.handlers.get('blur')?.();
    vi.advanceTimersByTime(REFOCUS_DELAY_MS);
    expect(win.calls).toContainEqual(['focus']);

    kiosk.observeFromRenderer({ command: 'UserLogin', Username: 'ali' });
    kiosk.observeToRenderer({ command: 'AppLaunched', JsonID: 'cs2' });
    expect(win.calls).toContainEqual(['setAlwaysOnTop', false]);
    expect(win.calls).toContainEqual(['minimize']);
    win.calls.length = 0;
    win.handlers.get('blur')?.();
    vi.advanceTimersByTime(REFOCUS_DELAY_MS);
    expect(win.calls).toEqual([]);

    kiosk.observeFromRenderer({ command: 'ScreenLocked' });
    expect(win.calls).toContainEqual(['setAlwaysOnTop', true, 'screen-saver']);
    expect(win.calls).toContainEqual(['focus']);
    vi.useRealTimers();
  });

  it('reloads a renderer that died, with a log line', async () => {
    vi.useFakeTimers();
    const { win, lines, RELOAD_DELAY_MS } = await open();
    win.contentsHandlers.get('render-process-gone')?.({}, { reason: 'crashed', exitCode: 139 });
    expect(lines).toContain('window: the renderer process is gone (crashed, exit code 139); reloading');
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(win.calls).toContainEqual(['reload']);
    vi.useRealTimers();
  });

  it('--windowed never pulls itself to the front', async () => {
    vi.useFakeTimers();
    const { kiosk, win, REFOCUS_DELAY_MS } = await open(true);
    win.handlers.get('blur')?.();
    vi.advanceTimersByTime(REFOCUS_DELAY_MS);
    kiosk.observeFromRenderer({ command: 'ScreenLocked' });
    expect(win.calls.filter(([what]) => what === 'focus' || what === 'setAlwaysOnTop')).toEqual([]);
    vi.useRealTimers();
  });
});

describe('start-up (index.ts)', () => {
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('registers app:// before ready, serves it after ready and loads app://station/', async () => {
    electron.startup.length = 0; // the glue tests above made windows of their own
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    vi.stubEnv('SPAWNPOINT_SERVER', 'http://192.168.1.10:3000');
    vi.stubEnv('SPAWNPOINT_STATION_ID', 'station-7');
    vi.stubEnv('ELECTRON_RENDERER_URL', undefined);
    const argv = process.argv;
    process.argv = ['electron', '.'];
    try {
      await import('../../src/main/index.js');
    } finally {
      process.argv = argv;
    }

    // Before ready: the sandbox and the scheme's privileges, nothing served or shown yet.
    expect(electron.startup).toEqual([
      ['enableSandbox', undefined, false],
      [
        'registerSchemesAsPrivileged',
        [
          {
            scheme: 'app',
            privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true },
          },
        ],
        false,
      ],
    ]);

    electron.ready.fire();
    await vi.waitFor(() => expect(electron.startup.map(([what]) => what)).toContain('loadURL'));
    const afterReady = electron.startup.slice(2).map(([what, details, ready]) => [what, ready, details]);
    expect(afterReady).toEqual([
      ['protocol.handle', true, 'app'],
      ['new BrowserWindow', true, expect.objectContaining({ kiosk: true })],
      ['loadURL', true, 'app://station/'],
    ]);

    // The handler answers with real Responses: here from src/renderer, next to src/main/index.ts.
    const handler = electron.protocolHandlers.get('app')!;
    const page = await handler({ url: 'app://station/dashboard', method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain(
      "connect-src 'self' http://192.168.1.10:3000 ws://192.168.1.10:3000",
    );
    expect(await page.text()).toContain('<div id="root"></div>');
    const escape = await handler({ url: 'app://station/%2e%2e/main/index.ts', method: 'GET' });
    expect([escape.status, await escape.text()]).toEqual([403, '']);
    expect((await handler({ url: 'app://other/', method: 'GET' })).status).toBe(404);
    expect(lines.some((line) => line.includes('app protocol: refused app://station/%2e%2e/main/index.ts'))).toBe(true);
  });
});
