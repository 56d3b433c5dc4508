/**
 * The app:// scheme the Electron shell serves the built renderer under: one
 * host, so the page has a real origin, absolute asset URLs work and the
 * browser router sees real paths (none of which file:// gives).
 */
import type { CustomScheme } from 'electron';

export const APP_SCHEME = 'app';
export const APP_HOST = 'station';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}` as const;
/** What the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/` as const;

/** Registered before app ready: a standard, secure scheme (a real origin, fetch, streamed media). */
export const APP_SCHEME_DEFINITION: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true },
};

/**
 * True for a parsed URL under app://station (any path, query or hash). The
 * host is compared without case because Chromium lowercases the host of a
 * standard scheme; a port or user info makes it another URL.
 */
export function isAppSchemeUrl(url: URL): boolean {
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.host.toLowerCase() === APP_HOST &&
    url.username === '' &&
    url.password === ''
  );
}
