/**
 * TLS pinning of the cafe server inside Electron: the decision for
 * session.setCertificateVerifyProc (security/harden.ts is the glue). For the
 * cafe server's host over https, with a pinned fingerprint, the certificate
 * is accepted exactly when its fingerprint256 matches (a self-signed cafe
 * certificate works; a different one, even one a public CA signed, does
 * not). Every other host, and the cafe server before it is pinned, is left
 * to Chromium's own verification.
 */
import { fingerprintOfCertificate, sameFingerprint } from '../station/fingerprint.js';

/** Electron's verification results: 0 accept, -2 reject, -3 use Chromium's verdict. */
export type CertificateVerdict = 0 | -2 | -3;
export const ACCEPT: CertificateVerdict = 0;
export const REJECT: CertificateVerdict = -2;
export const CHROMIUM_DECIDES: CertificateVerdict = -3;

export interface PinnedServer {
  serverUrl: string;
  /** The accepted fingerprint256, or null when nothing is pinned. */
  pinnedFingerprint: string | null;
}

function hostnameOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase() : null;
  } catch {
    return null;
  }
}

/** hostname as Electron reports it; certificate as PEM (Electron's Certificate.data). */
export function certificateVerdict(hostname: string, certificatePem: string, server: PinnedServer): CertificateVerdict {
  const serverHost = hostnameOf(server.serverUrl);
  if (serverHost === null || hostname.replace(/^\[|\]$/g, '').toLowerCase() !== serverHost) return CHROMIUM_DECIDES;
  if (server.pinnedFingerprint === null) return CHROMIUM_DECIDES;
  return sameFingerprint(server.pinnedFingerprint, fingerprintOfCertificate(certificatePem)) ? ACCEPT : REJECT;
}
