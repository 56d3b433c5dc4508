/**
 * Prices a cafe sells (issue 26): the owner's price list (every version kept,
 * the newest in force), the packages customers hold, each session's exact
 * running cost, and what each stretch of play was billed as (plain time, a
 * rate period, a package) for the reports. Portable SQL: text ids and ISO
 * times, integer money; bigint where milliseconds × rates grow large.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const pricingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('price_lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // The PriceList (src/shared/pricing/types.ts) as JSON.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .execute();
    await db.schema.createIndex('price_lists_created').on('price_lists').columns(['created_at']).execute();

    await db.schema
      .createTable('customer_packages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('package_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // JSON array of station group ids; null: every group.
      .addColumn('group_ids', 'text')
      .addColumn('valid_from', 'text', (c) => c.notNull())
      .addColumn('valid_until', 'text', (c) => c.notNull())
      // Time packages: play time left (ms). Null for a window package.
      .addColumn('ms_left', 'bigint')
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
      .addColumn('sold_at', 'text', (c) => c.notNull())
      .addColumn('sold_by', 'text')
      // cash, card (at the desk), balance (the kiosk's store), order (approved at the desk).
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('shift_id', 'text')
      .execute();
    await db.schema.createIndex('customer_packages_user').on('customer_packages').columns(['user_id', 'valid_until']).execute();
    await db.schema.createIndex('customer_packages_sold').on('customer_packages').columns(['sold_at']).execute();

    // The exact cost of the session so far, in units (hourly rate × ms; 3,600,000 = 1 IQD).
    await db.schema.alterTable('client_sessions').addColumn('owed_units', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    // Sessions running across the upgrade: what they owed at their plain rate so far.
    await sql`update client_sessions set owed_units = cast(hourly_rate as bigint) * billed_ms where ended_at is null`.execute(db);

    await db.schema
      .createTable('play_charges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('client_sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('group_id', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      // plain, period or package; source_id: the period's id or the held package's.
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text')
      .addColumn('ms', 'bigint', (c) => c.notNull())
      .addColumn('iqd', 'integer', (c) => c.notNull().check(sql`iqd >= 0`))
      .execute();
    await db.schema.createIndex('play_charges_at').on('play_charges').columns(['at']).execute();
    await db.schema.createIndex('play_charges_session').on('play_charges').columns(['session_id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_charges').execute();
    await db.schema.alterTable('client_sessions').dropColumn('owed_units').execute();
    await db.schema.dropTable('customer_packages').execute();
    await db.schema.dropTable('price_lists').execute();
  },
};
