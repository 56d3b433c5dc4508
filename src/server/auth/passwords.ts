/** argon2id password hashing (the @node-rs/argon2 default algorithm is argon2id). */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A valid hash of a random string: verifying against it keeps the timing of
// "no such user" close to "wrong password".
const dummyHash = hash(`no-user-${Math.random()}`);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
