/**
 * The Content-Security-Policy the app:// protocol sends with the renderer's
 * HTML: the page may reach its own origin and the configured cafe server,
 * nothing else. In Electron it is the authoritative policy. The meta tag of
 * src/renderer/index.html (what the web shell and the dev server get) is
 * enforced as well; it is looser everywhere except fonts, where it allows no
 * data: (the renderer has none), as tests/main/app-protocol.test.ts checks.
 */
import { ConfigError } from '../station/config.js';

/** CSP host-source: letters, digits, hyphens and dots (no IPv6 literal), and a port. */
const CSP_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** The cafe server's HTTP origin and its WebSocket origin (http→ws, https→wss). */
export function serverOrigins(serverUrl: string): { http: string; ws: string } {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new ConfigError(`The server URL ${serverUrl} is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`The server URL ${serverUrl} must be an http:// or https:// URL.`);
  }
  if (!CSP_HOST.test(url.host)) {
    throw new ConfigError(
      `The server URL ${serverUrl} cannot be named in a Content-Security-Policy: use a host name or an IPv4 address.`,
    );
  }
  return { http: url.origin, ws: `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}` };
}

export function contentSecurityPolicy(serverUrl: string): string {
  const server = serverOrigins(serverUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${server.http}`,
    `media-src 'self' blob: ${server.http}`,
    `connect-src 'self' ${server.http} ${server.ws}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
