/**
 * Issue 22, the rest of item 9.
 * - An owner's authenticator enrolment needs a one-time code another owner
 *   issued (or the server machine's `npm run cafe -- init-owner --enrol NAME`):
 *   `staff_enrolment_codes`, one live code per account, only its SHA-256 kept.
 * - Prepaid codes are stored hashed: `prepaid_cards.code` becomes `code_hash`
 *   (SHA-256 hex of the printed form), existing codes are hashed here, and
 *   `code_hint` keeps the last group (e.g. `0001`) so a card can be told apart
 *   in a list without its code. The code itself is shown once, at generation.
 * Portable SQL: text columns, a column rename, row-by-row updates.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const safety2Migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_enrolment_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('prepaid_cards').renameColumn('code', 'code_hash').execute();
    await db.schema.alterTable('prepaid_cards').addColumn('code_hint', 'text').execute();
    const any = db as Kysely<{ prepaid_cards: { code_hash: string; code_hint: string | null } }>;
    const cards = await any.selectFrom('prepaid_cards').select('code_hash').execute();
    for (const { code_hash: code } of cards) {
      await any
        .updateTable('prepaid_cards')
        .set({ code_hash: sha256(code), code_hint: code.slice(-4) })
        .where('code_hash', '=', code)
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    // The codes cannot come back from their hashes: the cards keep their hashes under the old name.
    await db.schema.alterTable('prepaid_cards').dropColumn('code_hint').execute();
    await db.schema.alterTable('prepaid_cards').renameColumn('code_hash', 'code').execute();
    await db.schema.dropTable('staff_enrolment_codes').execute();
  },
};
