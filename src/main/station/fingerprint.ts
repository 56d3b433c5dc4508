/**
 * Certificate fingerprints as the station contract spells them: Node's
 * X509Certificate.fingerprint256, 32 upper-case hex bytes joined by colons
 * (`AB:CD:…`). Used to pin the cafe server's certificate (TLS pinning) at
 * enrolment and afterwards.
 */
import { X509Certificate } from 'node:crypto';
import { z } from 'zod';

const FINGERPRINT = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/;

/** Accepts any case, with the colons; normalizes to upper case. */
export const fingerprintSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(
    (value) => FINGERPRINT.test(value),
    'must be a SHA-256 certificate fingerprint: 32 hex bytes joined by colons (AB:CD:…), as `npm run cafe -- pair` prints it',
  );

export function isFingerprint(value: unknown): value is string {
  return typeof value === 'string' && FINGERPRINT.test(value);
}

/** The fingerprint256 of a PEM or DER certificate; null when it cannot be parsed. */
export function fingerprintOfCertificate(certificate: string | Buffer): string | null {
  try {
    return new X509Certificate(certificate).fingerprint256;
  } catch {
    return null;
  }
}

/** Equal fingerprints, compared case-insensitively; false for anything malformed. */
export function sameFingerprint(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = a.trim().toUpperCase();
  return FINGERPRINT.test(left) && left === b.trim().toUpperCase();
}
