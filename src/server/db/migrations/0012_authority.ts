/**
 * The authority's per-account second-factor lockout (issue 22): wrong
 * authenticator codes are counted per account, whatever address they come
 * from, and too many lock the account's second factor for a while.
 * Portable SQL: an integer counter and a nullable text instant.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const authorityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('second_factor_failures', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await db.schema.alterTable('users').addColumn('second_factor_locked_until', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('second_factor_locked_until').execute();
    await db.schema.alterTable('users').dropColumn('second_factor_failures').execute();
  },
};
