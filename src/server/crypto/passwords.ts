/**
 * argon2id password hashing (the @node-rs/argon2 default algorithm is
 * argon2id), through a small pool so a flood cannot starve real logins.
 */
import { hash, verify } from '@node-rs/argon2';
import { Argon2Pool, type Priority } from './argon2-pool.js';

export const argon2Pool = new Argon2Pool();

export function hashPassword(password: string, priority: Priority = 'open'): Promise<string> {
  return argon2Pool.run(() => hash(password), priority);
}

// A valid hash of a random string: verifying against it keeps the timing of
// "no such user" close to "wrong password".
const dummyHash = hash(`no-user-${Math.random()}`);

export async function verifyPassword(passwordHash: string | null, password: string, priority: Priority = 'open'): Promise<boolean> {
  return argon2Pool.run(async () => {
    if (!passwordHash) {
      await verify(await dummyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }, priority);
}
