/**
 * Package orders (issue 26): a customer at a station orders a package from
 * the price list for the desk to approve, as the SPEC's orders do for offers.
 * Approval takes the price at the counter (a `package_sale` ledger line into
 * the open shift) and gives the package (`customer_package_id`), exactly once.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { schemaDialect } from '../dialect.js';

export const packageOrdersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const d = schemaDialect(db);
    await db.schema
      .createTable('package_orders')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('package_id', 'text', (c) => c.notNull())
      .addColumn('package_name', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('station_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending','approved','rejected')`))
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'text')
      .addColumn('reject_reason', 'text')
      .addColumn('method', 'text')
      .addColumn('customer_package_id', 'text')
      .execute();
    await db.schema.createIndex('package_orders_status').on('package_orders').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('package_orders_user').on('package_orders').columns(['user_id', 'status']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('package_orders').execute();
  },
};
