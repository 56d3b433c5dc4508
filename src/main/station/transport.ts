/**
 * Encrypted by default (issue 22): the installed kiosk talks to its cafe
 * server over https only — its station credential, customers' bearer tokens
 * and passwords would otherwise cross the cafe LAN in clear. Plain http stays
 * for a server on the station itself (loopback: 127.0.0.0/8, ::1, localhost),
 * which demos and tests use, and for development builds. TLS pinning of the
 * https server: security/certificate-pin.ts, with the fingerprint from
 * enrolment or station.json's serverFingerprint.
 */
import { isIP } from 'node:net';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** Why the installed kiosk refuses this server URL, or null when it may use it. */
export function plainHttpRefusal(serverUrl: string, where: string): string | null {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return null; // the config's own validation names a URL that does not parse
  }
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return null;
  const https = new URL(serverUrl);
  https.protocol = 'https:';
  return (
    `The cafe server ${url.origin} in ${where} is plain http: the installed station only talks to a cafe server over https ` +
    `(its credential and the customers' passwords would cross the network in clear). Set serverUrl to ${https.origin}${url.pathname === '/' ? '' : url.pathname} ` +
    `and the server's certificate fingerprint (serverFingerprint, printed by the server at start) in that file.`
  );
}
