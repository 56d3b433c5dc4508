/**
 * The operator console (issue 15): browser sessions of staff (cookie + CSRF),
 * owners' TOTP second factor, the audit log of every staff action, cash
 * shifts, and the payment method / shift of each balance ledger line.
 * Portable SQL: text ids, integer money and flags, ISO text timestamps.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const consoleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('console_sessions')
      // sha256 of the cookie value; the value itself only travels in the cookie.
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('token_epoch', 'integer', (c) => c.notNull())
      .addColumn('second_factor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ip', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .execute();
    await db.schema.createIndex('console_sessions_user').on('console_sessions').columns(['user_id']).execute();

    await db.schema
      .createTable('staff_totp')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      // Sealed with the server's secret box (bound to the user id).
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'text')
      // The last 30-second step accepted: a code is good once.
      .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('staff_user_id', 'text')
      .addColumn('staff_username', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('via', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text')
      .addColumn('customer', 'text')
      .addColumn('target', 'text')
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
    await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_username', 'at']).execute();
    await db.schema.createIndex('audit_log_station').on('audit_log').columns(['station_id', 'at']).execute();
    await db.schema.createIndex('audit_log_customer').on('audit_log').columns(['customer', 'at']).execute();

    await db.schema
      .createTable('shifts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('opened_by', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('opening_float', 'integer', (c) => c.notNull().check(sql`opening_float >= 0`))
      .addColumn('closed_by', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('counted_cash', 'integer')
      .addColumn('note', 'text')
      .execute();
    await db.schema.createIndex('shifts_opened').on('shifts').columns(['opened_at']).execute();

    // Holds: stations reserved for a customer or an event from a time to a time.
    await db.schema
      .createTable('station_holds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('customer_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // When the station turned reserved, and when the hold let it go (its end, or staff).
      .addColumn('applied_at', 'text')
      .addColumn('released_at', 'text')
      .execute();
    await db.schema.createIndex('station_holds_station').on('station_holds').columns(['station_id', 'starts_at']).execute();

    await db.schema.alterTable('balance_ledger').addColumn('payment_method', 'text').execute();
    await db.schema.alterTable('balance_ledger').addColumn('shift_id', 'text').execute();
    await db.schema.alterTable('balance_ledger').addColumn('kind', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('balance_ledger').dropColumn('kind').execute();
    await db.schema.alterTable('balance_ledger').dropColumn('shift_id').execute();
    await db.schema.alterTable('balance_ledger').dropColumn('payment_method').execute();
    await db.schema.dropTable('station_holds').execute();
    await db.schema.dropTable('shifts').execute();
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('staff_totp').execute();
    await db.schema.dropTable('console_sessions').execute();
  },
};
