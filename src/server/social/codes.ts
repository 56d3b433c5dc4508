/**
 * Friend codes (SPEC §5: exactly 7 digits, starting with 7). A customer gets
 * one the first time it is needed and keeps it; codes are unique (the unique
 * index decides a race, the loser draws again).
 */
import { randomInt } from 'node:crypto';
import { FRIEND_CODE_FIRST_DIGIT, FRIEND_CODE_LENGTH } from '../../shared/constants.js';
import type { Db } from '../db/schema.js';

const ATTEMPTS = 20;

export function drawFriendCode(random: (max: number) => number = randomInt): string {
  const rest = FRIEND_CODE_LENGTH - FRIEND_CODE_FIRST_DIGIT.length;
  return FRIEND_CODE_FIRST_DIGIT + String(random(10 ** rest)).padStart(rest, '0');
}

async function existingCode(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('friend_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
  return row?.code;
}

/** The user's friend code, assigned now if they have none yet. */
export async function friendCodeOf(db: Db, userId: string, now: string, draw: () => string = drawFriendCode): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const known = await existingCode(db, userId);
    if (known) return known;
    const code = draw();
    const inserted = await db
      .insertInto('friend_codes')
      .values({ user_id: userId, code, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return code;
    // Either the code was taken or a parallel call gave this user one: look again.
  }
  throw new Error('Could not assign a unique friend code');
}

/** The customer a code belongs to. */
export async function ownerOfFriendCode(db: Db, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('friend_codes').select('user_id').where('code', '=', code).executeTakeFirst();
  return row?.user_id;
}
