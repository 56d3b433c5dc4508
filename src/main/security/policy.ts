/**
 * The shell's security decisions in one place, as pure functions over URLs
 * (compared by parsing, never by string prefix). security/harden.ts applies
 * them to Electron; the tables in tests/main/policy.test.ts pin them down.
 */
import { APP_ORIGIN, isAppSchemeUrl } from '../renderer-files/app-scheme.js';

/** Where the renderer is loaded from: the built renderer under app://station, or a dev server. */
export type AppLocation = { kind: 'protocol'; origin: typeof APP_ORIGIN } | { kind: 'http'; origin: string };

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The location of the page first loaded into the window (app://station/ or a dev server's http(s): URL). */
export function appLocation(entryUrl: string): AppLocation {
  const url = parse(entryUrl);
  if (url && isAppSchemeUrl(url)) return { kind: 'protocol', origin: APP_ORIGIN };
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return { kind: 'http', origin: url.origin };
  throw new Error(`the renderer must be loaded from ${APP_ORIGIN}/ or an http(s): dev server, not ${entryUrl}`);
}

/**
 * True for a URL of the app itself: any path, query or hash under the app's
 * origin (the browser router gives every screen its own path).
 */
export function isAppUrl(candidate: string, app: AppLocation): boolean {
  const url = parse(candidate);
  if (!url) return false;
  if (app.kind === 'protocol') return isAppSchemeUrl(url);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === app.origin;
}

/**
 * True for an origin (or URL) the app runs under; used where Electron reports
 * origins, not URLs. Origins carry no path, so this is isAppUrl.
 */
export function isAppOrigin(candidate: string, app: AppLocation): boolean {
  return isAppUrl(candidate, app);
}

/** Navigations and redirects stay inside the app. */
export function navigationDecision(target: string, app: AppLocation): 'allow' | 'deny' {
  return isAppUrl(target, app) ? 'allow' : 'deny';
}

/** Steam's OpenID sign-in page: the one window the renderer may open (linking a Steam profile, SPEC §5). */
export const STEAM_OPENID_ORIGIN = 'https://steamcommunity.com';
export const STEAM_OPENID_PATH = '/openid/login';

/** True for https://steamcommunity.com/openid/login (any query), compared by parsing. */
export function isSteamOpenIdLogin(candidate: string): boolean {
  const url = parse(candidate);
  return (
    url !== null &&
    url.origin === STEAM_OPENID_ORIGIN &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === STEAM_OPENID_PATH
  );
}

/** The popup's web preferences: sandboxed, isolated, no preload, so it never sees the bridge. */
export const POPUP_WEB_PREFERENCES = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

export type WindowOpenDecision =
  | { action: 'deny' }
  | {
      action: 'allow';
      overrideBrowserWindowOptions: {
        width: number;
        height: number;
        autoHideMenuBar: true;
        alwaysOnTop: true;
        minimizable: false;
        fullscreenable: false;
        webPreferences: typeof POPUP_WEB_PREFERENCES & { partition?: string };
      };
    };

/** The cafe server's entry to its Steam OpenID provider (issue 13): it forwards the popup to Steam. */
export const SERVER_STEAM_START_PATH = '/steam-openid/login';

function isServerSteamStart(candidate: string, serverUrl: string | undefined): boolean {
  return onServer(candidate, serverUrl, (path) => path === SERVER_STEAM_START_PATH);
}

/** A page of the cafe server itself (same origin, no credentials in the URL) whose path passes `pathOk`. */
function onServer(candidate: string, serverUrl: string | undefined, pathOk: (path: string) => boolean): boolean {
  const url = parse(candidate);
  const server = serverUrl ? parse(serverUrl) : null;
  return (
    url !== null &&
    server !== null &&
    url.origin === server.origin &&
    url.username === '' &&
    url.password === '' &&
    pathOk(url.pathname)
  );
}

/**
 * window.open and target=_blank create no window, except Steam's OpenID
 * sign-in page (directly, or through the cafe server's Steam entry) opened by
 * the app itself, in a sandboxed popup without the preload, in its own
 * in-memory session (popupPartition).
 */
export function windowOpenDecision(
  url: string,
  openerUrl: string | undefined,
  app: AppLocation,
  serverUrl?: string,
  /** The popup's own in-memory session (popupPartition); Electron's default session when absent. */
  partition?: string,
): WindowOpenDecision {
  const steam = isSteamOpenIdLogin(url) || isServerSteamStart(url, serverUrl);
  if (!steam || openerUrl === undefined || !isAppUrl(openerUrl, app)) return { action: 'deny' };
  return {
    action: 'allow',
    overrideBrowserWindowOptions: {
      width: 800,
      height: 720,
      autoHideMenuBar: true,
      alwaysOnTop: true,
      minimizable: false,
      fullscreenable: false,
      webPreferences: partition ? { ...POPUP_WEB_PREFERENCES, partition } : POPUP_WEB_PREFERENCES,
    },
  };
}

/**
 * Steam's sign-in pages, the only Steam pages the popup may show (issue 22):
 * the OpenID sign-in (`/openid/login`, its form) and Steam's own sign-in and
 * Steam Guard steps on steamcommunity.com (`/login/…`) and
 * login.steampowered.com, plus the `/login/settoken` step the sign-in takes on
 * Steam's other hosts. No profile, workshop, upload, store or help page:
 * nothing there opens a file dialog or keeps the customer browsing.
 */
export function isSteamSignInPage(candidate: string): boolean {
  const url = parse(candidate);
  if (!url || url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  const path = url.pathname;
  switch (url.hostname) {
    case 'steamcommunity.com':
      return /^\/(?:openid\/(?:login|loginform)|login)(?:\/|$)/.test(path);
    case 'login.steampowered.com':
      return true;
    case 'store.steampowered.com':
    case 'help.steampowered.com':
    case 'checkout.steampowered.com':
      return path === '/login/settoken' || path === '/login/settoken/';
    default:
      return false;
  }
}

/** The cafe server's own Steam OpenID pages (its entry and the development provider), never the rest of it (the console). */
function isServerSteamPage(candidate: string, serverUrl: string | undefined): boolean {
  return onServer(candidate, serverUrl, (path) => path.startsWith('/steam-openid/'));
}

/** Where the OpenID return_to lands in the app. */
export const APP_STEAM_CALLBACK_PATH = '/steam-callback';

/**
 * Where the Steam popup may go: Steam's sign-in pages (isSteamSignInPage),
 * the cafe server's Steam OpenID pages, and the app's /steam-callback, where
 * the OpenID return_to lands. Nothing else, not even the rest of the app or
 * of the cafe server.
 */
export function popupNavigationDecision(target: string, app: AppLocation, serverUrl: string | undefined): 'allow' | 'deny' {
  const url = parse(target);
  if (!url || url.username !== '' || url.password !== '') return 'deny';
  if (isSteamSignInPage(target) || isServerSteamPage(target, serverUrl)) return 'allow';
  return isAppUrl(target, app) && url.pathname === APP_STEAM_CALLBACK_PATH ? 'allow' : 'deny';
}

/**
 * Each Steam popup's own session: an in-memory partition (no `persist:`
 * prefix, so nothing reaches the disk) under a fresh name, cleared when the
 * popup closes. The next customer is never offered "Sign in as" the last one.
 */
export const POPUP_PARTITION_PREFIX = 'steam-popup-';
export function popupPartition(id: string): string {
  if (!/^[A-Za-z0-9-]{8,}$/.test(id)) throw new Error(`a popup partition needs a fresh random id, not ${JSON.stringify(id)}`);
  return `${POPUP_PARTITION_PREFIX}${id}`;
}

/** What is wiped from a popup's session when it closes (everything a browser keeps). */
export const POPUP_CLEARED_STORAGES = [
  'cookies',
  'filesystem',
  'indexdb',
  'localstorage',
  'shadercache',
  'serviceworkers',
  'cachestorage',
] as const;

/**
 * What of the kiosk's own session is the customer's, wiped at every logout:
 * cookies and site data a page of the app may have left. Local storage is the
 * renderer's own (the SPEC's state key, which a logout empties, and the
 * station's language) and Cache Storage holds the cafe's background video.
 */
export const CUSTOMER_CLEARED_STORAGES = ['cookies', 'filesystem', 'indexdb', 'serviceworkers', 'shadercache'] as const;

/** The bridge message after which the customer's storage is wiped. */
export function endsCustomer(message: { command: string }): boolean {
  return message.command === 'UserLogout';
}

/** The only web permissions the kiosk page gets. */
export const ALLOWED_PERMISSIONS: readonly string[] = ['fullscreen', 'clipboard-sanitized-write'];

/** The Steam popup gets no permission at all (no camera, no file system, no notifications…). */
export function popupPermissionDecision(): false {
  return false;
}

export function permissionDecision(permission: string, requestingUrl: string, app: AppLocation): boolean {
  return ALLOWED_PERMISSIONS.includes(permission) && isAppOrigin(requestingUrl, app);
}

export interface IpcSender {
  /** webContents id of the sender. */
  senderId: number;
  /** URL of the sending frame; undefined when the frame is gone. */
  frameUrl: string | undefined;
  /** True when the sending frame is the top frame of its page. */
  isMainFrame: boolean;
}

/** Bridge messages are accepted only from our window's top frame showing our app. */
export function isTrustedSender(sender: IpcSender, windowContentsId: number, app: AppLocation): boolean {
  return (
    sender.senderId === windowContentsId &&
    sender.isMainFrame &&
    sender.frameUrl !== undefined &&
    isAppUrl(sender.frameUrl, app)
  );
}
