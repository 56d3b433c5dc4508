/** Accounts' queries (issue 15; domain shape since issue 23). Each one that ends an account's sessions moves its token_epoch on. */
import type { Db } from '../../db/schema.js';

/** Off once: true when this call disabled it. */
export async function markDisabled(db: Db, userId: string, by: string, reason: string, at: string): Promise<boolean> {
  const done = await db
    .updateTable('users')
    .set((eb) => ({ disabled_at: at, disabled_by: by, disabled_reason: reason, token_epoch: eb('token_epoch', '+', 1) }))
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** On again: true when it was off. */
export async function markEnabled(db: Db, userId: string): Promise<boolean> {
  const done = await db
    .updateTable('users')
    .set({ disabled_at: null, disabled_by: null, disabled_reason: null })
    .where('id', '=', userId)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export async function replacePassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_epoch: eb('token_epoch', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** A lost authenticator: forgotten, and every session of the account ends, in one transaction. */
export async function forgetTotp(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_totp').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ token_epoch: eb('token_epoch', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  });
}
