/**
 * A package order waiting for approval is taken ("on my way") by a named
 * staff member like the inbox's other rows (issue 23, for issue 26's package
 * orders, as 0021 did for offer orders): `package_orders.taken_by`/`taken_at`.
 * Portable SQL: nullable text columns only.
 */
import type { Kysely, Migration } from 'kysely';

const COLUMNS = ['taken_by', 'taken_at'] as const;

export const packageOrderTakeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of COLUMNS) await db.schema.alterTable('package_orders').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('package_orders').dropColumn(column).execute();
  },
};
