/**
 * An owner's authenticator enrolment needs more than the password (issue 22):
 * a one-time code that another owner issued from the console (Staff →
 * one-time set-up code), or that the server machine printed
 * (`npm run cafe -- init-owner --enrol NAME`, with the database). One live
 * code per account, 24 hours, used once; only its SHA-256 is stored. So
 * whoever learns an un-enrolled owner's password cannot put their own
 * authenticator on the account.
 */
import { randomInt } from 'node:crypto';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import { sha256 } from './station-credential.js';

export const ENROLMENT_CODE_TTL_MS = 24 * 60 * 60_000;
export const ENROLMENT_CODE_NEEDED =
  'An owner sets up an authenticator with a one-time set-up code: ask another owner for one (console, Staff), or run `npm run cafe -- init-owner --enrol USERNAME` on the server machine.';
export const ENROLMENT_CODE_WRONG = 'That set-up code is not right, was already used or has expired. Ask for a new one.';

/** No look-alikes; 10 characters (50 bits), shown as XXXXX-XXXXX. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const bare = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
const hashOf = (code: string) => sha256(bare(code));

/** A new code for the account (its older one stops working); answered once, never stored. */
export async function issueEnrolmentCode(db: Db, clock: Clock, userId: string, by: string): Promise<{ code: string; expiresAt: string }> {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const code = `${chars.slice(0, 5)}-${chars.slice(5)}`;
  const expiresAt = new Date(clock.now() + ENROLMENT_CODE_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_enrolment_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('staff_enrolment_codes')
      .values({ user_id: userId, code_hash: hashOf(code), created_by: by, created_at: isoNow(clock), expires_at: expiresAt })
      .execute();
  });
  return { code, expiresAt };
}

/** Uses the account's code up if `code` is it and still live (one conditional DELETE: two racing uses, one wins). */
export async function spendEnrolmentCode(db: Db, clock: Clock, userId: string, code: string): Promise<boolean> {
  if (!bare(code)) return false;
  const spent = await db
    .deleteFrom('staff_enrolment_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashOf(code))
    .where('expires_at', '>', isoNow(clock))
    .executeTakeFirst();
  return Number(spent.numDeletedRows) === 1;
}
