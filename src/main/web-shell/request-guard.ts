/**
 * Who may use the web shell's bridge and test hooks. The bridge hands out the
 * station credential, so it answers only the web shell's own page, from this
 * machine (issue 22): a loopback peer, a Host that is a loopback name or
 * address on the port the request arrived on (which defeats DNS rebinding and
 * a LAN host reaching a shell bound to 0.0.0.0 with an IP-literal Host), and
 * an Origin that is exactly that Host's (any other page on this machine — a
 * dev server, another shell, a local file — is refused, and so is a client
 * that sends no Origin). The test hooks (which exist only with --test-hooks)
 * need a loopback peer and, when there is an Origin, exactly the web shell's
 * own.
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

export interface GuardedRequest {
  remoteAddress: string | undefined;
  host: string | undefined;
  origin: string | undefined;
}

/** For the /bridge WebSocket: the shell's own page (Origin = http://Host), from loopback, on the port it listens on. */
export function mayUseBridge(request: GuardedRequest & { localPort: number | undefined }): boolean {
  const { host, origin } = request;
  if (!isLoopbackAddress(request.remoteAddress) || !host || !origin || !isTrustedHostHeader(host)) return false;
  let hostUrl: URL;
  try {
    hostUrl = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (!isLoopbackName(hostUrl.hostname.replace(/^\[|\]$/g, ''))) return false;
  if (request.localPort === undefined || hostUrl.port !== String(request.localPort)) return false;
  return origin === hostUrl.origin;
}

/** For /__shell/ test hooks: a loopback peer, and no Origin or exactly ownOrigin (e.g. http://127.0.0.1:4100). */
export function mayUseTestHooks(request: GuardedRequest, ownOrigin: string): boolean {
  return (
    isLoopbackAddress(request.remoteAddress) &&
    isTrustedHostHeader(request.host) &&
    (request.origin === undefined || request.origin === ownOrigin)
  );
}
