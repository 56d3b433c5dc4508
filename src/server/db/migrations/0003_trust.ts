/**
 * Trust (issue 9): enrolled stations (credentials stored as SHA-256, one-time
 * pairing codes, refused-connection alerts), tokens that die with their
 * session or a password change, held (gated) sessions, per-second billing,
 * unique email and phone, verified phone numbers.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { schemaDialect } from '../dialect.js';

export const trust: Migration = {
  async up(db: Kysely<unknown>) {
    const d = schemaDialect(db);
    await db.schema
      .createTable('station_credentials')
      .addColumn('station_id', 'text', (c) => c.primaryKey().references('stations.id').onDelete('cascade'))
      .addColumn('credential_hash', 'text', (c) => c.notNull().unique())
      .addColumn('mac_address', 'text')
      .addColumn('pc_name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('station_pairing_codes')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('station_pairing_codes_station').on('station_pairing_codes').column('station_id').execute();

    await db.schema
      .createTable('station_alerts')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('phone_verifications')
      .addColumn('phone', 'text', (c) => c.primaryKey())
      .addColumn('verified_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('users').addColumn('token_epoch', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
    await db.schema.alterTable('client_sessions').addColumn('gate', 'text').execute();
    await db.schema.alterTable('client_sessions').addColumn('gate_expires_at', 'text').execute();
    await db.schema.alterTable('client_sessions').addColumn('billed_ms', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .alterTable('client_sessions')
      .addColumn('token_epoch', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await sql`create unique index users_email_unique on users (${d.foldedColumn('email')}) where email is not null`.execute(db);
    await sql`create unique index users_phone_unique on users ("phone_number") where phone_number is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['phone_verifications', 'station_alerts', 'station_pairing_codes', 'station_credentials']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
