/**
 * Centre-account passwords at rest: AES-256-GCM under a server key that never
 * enters the database. The key comes from SPAWNPOINT_SECRET_KEY (32 bytes as
 * base64 or hex), else from `secret.key` beside the database file (created on
 * first start, mode 0600); an in-memory database gets a key that lives as long
 * as the process. Each sealed value is bound to its account id (the AAD), so a
 * sealed password copied onto another row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dataDirOf } from '../db/dialect.js';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_FILE = 'secret.key';

export interface SecretBox {
  seal(plain: string, boundTo: string): string;
  /** Throws when the value was not sealed under this key for this id. */
  open(sealed: string, boundTo: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the secret key must be ${KEY_BYTES} bytes, got ${key.length}`);
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, boundTo) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('not a sealed value');
      const raw = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

function parseKey(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${where} must hold a ${KEY_BYTES}-byte key as base64 or hex`);
  return key;
}

/** The server's key: the environment's, the data directory's (created 0600), or, for a memory database, a fresh one. */
export function loadSecretKey(dbPath: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.SPAWNPOINT_SECRET_KEY;
  if (fromEnv) return parseKey(fromEnv, 'SPAWNPOINT_SECRET_KEY');
  if (dbPath === ':memory:') return randomBytes(KEY_BYTES);
  const file = join(dataDirOf(dbPath, env), SECRET_KEY_FILE);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return parseKey(readFileSync(file, 'utf8'), file);
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

export function loadSecretBox(dbPath: string, env: NodeJS.ProcessEnv = process.env): SecretBox {
  return secretBox(loadSecretKey(dbPath, env));
}
