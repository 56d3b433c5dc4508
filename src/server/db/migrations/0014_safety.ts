/**
 * Issue 22 (a cafe's first day, safe). The vault gives a password once per
 * assignment: when it was given and how many repeats were refused.
 * Portable SQL: a nullable text column and an integer with a default.
 */
import type { Kysely, Migration } from 'kysely';

export const safetyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('game_accounts').addColumn('credentials_issued_at', 'text').execute();
    await db.schema.alterTable('game_accounts').addColumn('credential_repeats', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('game_accounts').dropColumn('credential_repeats').execute();
    await db.schema.alterTable('game_accounts').dropColumn('credentials_issued_at').execute();
  },
};
