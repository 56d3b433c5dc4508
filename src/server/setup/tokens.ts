/**
 * First run without demo secrets (issue 22): a database with no owner is in
 * set-up mode. A one-time set-up link (24 hours, single use; a new link voids
 * the older ones) lets the first owner choose a password and enrol an
 * authenticator — both in one step — and nothing else exists until then.
 * Only the SHA-256 of the token is stored, so the server's start and
 * `npm run cafe -- init-owner` (on the server machine, with the database)
 * can each make a link the other honours, on any node.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';

export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const SETUP_PATH = '/setup';

export const hashSetupToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the cafe has no owner yet (set-up mode). */
export async function needsSetup(db: Db): Promise<boolean> {
  const owner = await db.selectFrom('users').select('id').where('type', '=', 'admin').executeTakeFirst();
  return !owner;
}

/** A new one-time token (the older ones are voided); answers the token to put in the link. */
export async function createSetupToken(db: Db, clock: Clock): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('setup_tokens').where('used_at', 'is', null).execute();
    await trx
      .insertInto('setup_tokens')
      .values({
        token_hash: hashSetupToken(token),
        totp_sealed: null,
        created_at: isoNow(clock),
        expires_at: new Date(now + SETUP_TOKEN_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

export function setupLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${SETUP_PATH}?token=${encodeURIComponent(token)}`;
}

/** The token's row while it can still be used. */
export async function liveSetupToken(db: Db, clock: Clock, token: string) {
  if (!token) return undefined;
  const row = await db.selectFrom('setup_tokens').selectAll().where('token_hash', '=', hashSetupToken(token)).executeTakeFirst();
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= clock.now()) return undefined;
  return row;
}
