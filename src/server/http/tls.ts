/**
 * HTTPS/WSS for the cafe server: the certificate the cafe provides
 * (--tls-cert/--tls-key), or one generated at first start and kept in the
 * data directory (tls-cert.pem, tls-key.pem, mode 0600). Stations pin its
 * fingerprint at enrolment (X509Certificate.fingerprint256).
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  cert: string;
  key: string;
  fingerprint: string;
}

export interface TlsOptions {
  /** Where a generated certificate is kept (the database's directory). */
  dataDir: string;
  certFile?: string;
  keyFile?: string;
}

export function fingerprintOf(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256;
}

export async function loadOrCreateTls(options: TlsOptions): Promise<TlsMaterial> {
  if (options.certFile || options.keyFile) {
    if (!options.certFile || !options.keyFile) throw new Error('--tls-cert and --tls-key go together');
    const cert = readFileSync(options.certFile, 'utf8');
    return { cert, key: readFileSync(options.keyFile, 'utf8'), fingerprint: fingerprintOf(cert) };
  }
  const certPath = join(options.dataDir, 'tls-cert.pem');
  const keyPath = join(options.dataDir, 'tls-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8');
    return { cert, key: readFileSync(keyPath, 'utf8'), fingerprint: fingerprintOf(cert) };
  }
  const notAfter = new Date();
  notAfter.setFullYear(notAfter.getFullYear() + 10);
  const pems = await generate([{ name: 'commonName', value: `Spawnpoint cafe server (${hostname()})` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: notAfter,
  });
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert, { mode: 0o600 });
  return { cert: pems.cert, key: pems.private, fingerprint: fingerprintOf(pems.cert) };
}
