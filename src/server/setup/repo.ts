/** The set-up link's queries (issue 22): the authenticator secret kept with the link, and the owner made once. */
import type { Db, UserRow } from '../db/schema.js';
import { hashSetupToken } from './tokens.js';

/** Keeps the link's sealed secret unless another request kept one first; true when this one was kept. */
export async function keepSealedSecret(db: Db, tokenHash: string, sealed: string): Promise<boolean> {
  const stored = await db
    .updateTable('setup_tokens')
    .set({ totp_sealed: sealed })
    .where('token_hash', '=', tokenHash)
    .where('totp_sealed', 'is', null)
    .executeTakeFirst();
  return Number(stored.numUpdatedRows) === 1;
}

/**
 * In one transaction: the token is used up (conditional: a second submit fails), the owner is created with its
 * second factor on, and the other links are voided. False when the token was spent or an owner exists already.
 */
export async function createOwnerOnce(
  db: Db,
  input: { token: string; owner: UserRow; secretSealed: string; lastStep: number; now: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('setup_tokens')
      .set({ used_at: input.now })
      .where('token_hash', '=', hashSetupToken(input.token))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    if (await trx.selectFrom('users').select('id').where('type', '=', 'admin').executeTakeFirst()) return false;
    await trx.insertInto('users').values(input.owner).execute();
    await trx
      .insertInto('staff_totp')
      .values({
        user_id: input.owner.id,
        secret_sealed: input.secretSealed,
        enabled_at: input.now,
        // The code typed here is used up.
        last_step: input.lastStep,
        created_at: input.now,
      })
      .execute();
    await trx.deleteFrom('setup_tokens').where('used_at', 'is', null).execute();
    return true;
  });
}
