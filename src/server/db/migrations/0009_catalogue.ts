/**
 * The console's catalogue (issue 15, branch catalogue): a prepaid card can be
 * voided by staff (when, by whom); a voided card is never redeemable. Portable:
 * two nullable text columns.
 */
import type { Kysely, Migration } from 'kysely';

export const catalogue: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('prepaid_cards').addColumn('voided_at', 'text').execute();
    await db.schema.alterTable('prepaid_cards').addColumn('voided_by', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('prepaid_cards').dropColumn('voided_by').execute();
    await db.schema.alterTable('prepaid_cards').dropColumn('voided_at').execute();
  },
};
