/** Centre-account passwords at rest: AES-256-GCM under a key kept outside the database (mode 0600) or in SPAWNPOINT_SECRET_KEY. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretBox, loadSecretKey, secretBox, SECRET_KEY_FILE } from '../../src/server/crypto/secret-box.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  it('seals to something without the clear text that opens only for the same key and the same account', () => {
    const box = secretBox(randomBytes(32));
    const sealed = box.seal('hunter2-steam', 'gac_1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('hunter2');
    expect(box.seal('hunter2-steam', 'gac_1')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, 'gac_1')).toBe('hunter2-steam');
    expect(() => box.open(sealed, 'gac_2')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'gac_1')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'gac_1')).toThrow();
  });

  it('creates the key file beside the database with mode 0600 and reads the same key on the next start', () => {
    const dir = tempDir();
    const db = join(dir, 'cafe.sqlite');
    const first = loadSecretKey(db, {});
    expect(statSync(join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(db, {})).toEqual(first);
    const sealed = loadSecretBox(db, {}).seal('pw', 'gac_9');
    expect(loadSecretBox(db, {}).open(sealed, 'gac_9')).toBe('pw');
  });

  it('prefers SPAWNPOINT_SECRET_KEY (base64 or hex) and refuses a key of the wrong size', () => {
    const key = randomBytes(32);
    const dir = tempDir();
    expect(loadSecretKey(join(dir, 'x.sqlite'), { SPAWNPOINT_SECRET_KEY: key.toString('base64') })).toEqual(key);
    expect(loadSecretKey(':memory:', { SPAWNPOINT_SECRET_KEY: key.toString('hex') })).toEqual(key);
    expect(() => loadSecretKey(':memory:', { SPAWNPOINT_SECRET_KEY: 'too-short' })).toThrow(/32-byte key/);
    expect(() => statSync(join(dir, SECRET_KEY_FILE))).toThrow();
  });
});
