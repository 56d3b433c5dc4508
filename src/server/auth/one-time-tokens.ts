/**
 * Links sent by email (password reset, email verification): a random token
 * in the link, only its sha256 in the database, single use and expiring.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { AuthTokenTable } from '../db/schema.js';

export type TokenPurpose = AuthTokenTable['purpose'];

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Db, clock: Clock, purpose: TokenPurpose, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashOf(token),
      purpose,
      user_id: userId,
      expires_at: new Date(clock.now() + TOKEN_TTL_MS[purpose]).toISOString(),
      used_at: null,
      created_at: isoNow(clock),
    })
    .execute();
  return token;
}

/** The user id for a valid, unused, unexpired token, which is used up; null otherwise. */
export async function consumeToken(db: Db, clock: Clock, purpose: TokenPurpose, token: string): Promise<string | null> {
  const now = isoNow(clock);
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashOf(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
