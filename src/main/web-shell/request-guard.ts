/**
 * Who may use the web shell's bridge and test hooks. Pages on other sites
 * must not drive a station from a visitor's browser: WebSocket upgrades and
 * hook requests need a Host that is an IP literal or localhost (which defeats
 * DNS rebinding) and, when a browser sends an Origin, a loopback or
 * same-origin one. The test hooks (which exist only with --test-hooks)
 * additionally need a loopback peer and, when there is an Origin, exactly the
 * web shell's own.
 */
import { isIP } from 'node:net';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1';
}

/** The hostname of a Host header or URL host ("[::1]:80" → "::1"). */
function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || isLoopbackAddress(hostname);
}

export function isTrustedHostHeader(host: string | undefined): boolean {
  if (!host) return false;
  const hostname = hostnameOf(host);
  return hostname !== null && (hostname === 'localhost' || isIP(hostname) !== 0);
}

export function isTrustedOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return isLoopbackName(url.hostname.replace(/^\[|\]$/g, '')) || (host !== undefined && url.host === host);
}

export interface GuardedRequest {
  remoteAddress: string | undefined;
  host: string | undefined;
  origin: string | undefined;
}

/** For the /bridge WebSocket. */
export function mayUseBridge(request: GuardedRequest): boolean {
  return isTrustedHostHeader(request.host) && isTrustedOrigin(request.origin, request.host);
}

/** For /__shell/ test hooks: a loopback peer, and no Origin or exactly ownOrigin (e.g. http://127.0.0.1:4100). */
export function mayUseTestHooks(request: GuardedRequest, ownOrigin: string): boolean {
  return (
    isLoopbackAddress(request.remoteAddress) &&
    isTrustedHostHeader(request.host) &&
    (request.origin === undefined || request.origin === ownOrigin)
  );
}
