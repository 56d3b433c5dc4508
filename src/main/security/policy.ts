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
        webPreferences: typeof POPUP_WEB_PREFERENCES;
      };
    };

/** The cafe server's entry to its Steam OpenID provider (issue 13): it forwards the popup to Steam. */
export const SERVER_STEAM_START_PATH = '/steam-openid/login';

function isServerSteamStart(candidate: string, serverUrl: string | undefined): boolean {
  const url = parse(candidate);
  const server = serverUrl ? parse(serverUrl) : null;
  return (
    url !== null &&
    server !== null &&
    url.origin === server.origin &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === SERVER_STEAM_START_PATH
  );
}

/**
 * window.open and target=_blank create no window, except Steam's OpenID
 * sign-in page (directly, or through the cafe server's Steam entry) opened by
 * the app itself, in a sandboxed popup without the preload.
 */
export function windowOpenDecision(
  url: string,
  openerUrl: string | undefined,
  app: AppLocation,
  serverUrl?: string,
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
      webPreferences: POPUP_WEB_PREFERENCES,
    },
  };
}

/**
 * Where the Steam popup may go: Steam's own pages (sign-in, Steam Guard)
 * over https, and back to the cafe server or the app, where the OpenID
 * return_to lands.
 */
export function popupNavigationDecision(target: string, app: AppLocation, serverUrl: string | undefined): 'allow' | 'deny' {
  const url = parse(target);
  if (!url || url.username !== '' || url.password !== '') return 'deny';
  if (url.protocol === 'https:' && url.hostname === 'steamcommunity.com' && url.port === '') return 'allow';
  if (isAppUrl(target, app)) return 'allow';
  const server = serverUrl ? parse(serverUrl) : null;
  return server && url.origin === server.origin ? 'allow' : 'deny';
}

/** The only web permissions the kiosk page gets. */
export const ALLOWED_PERMISSIONS: readonly string[] = ['fullscreen', 'clipboard-sanitized-write'];

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
