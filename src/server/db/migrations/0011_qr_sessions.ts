/**
 * OAuth QR sessions in the database (issue 16): the station asks one node for
 * a session, the phone's sign-in may reach another node through the proxy,
 * and the station's status polls yet another. In memory, a session lived on
 * one node only. Portable SQL: text ids, ISO text times, 0/1 integers.
 */
import type { Kysely, Migration } from 'kysely';

export const qrSessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oauth_qr_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      /** The identity the provider vouched for (JSON), once completed. */
      .addColumn('user_data', 'text')
      .addColumn('completed_at', 'text')
      .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('oauth_qr_sessions_station').on('oauth_qr_sessions').columns(['station_id', 'completed_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oauth_qr_sessions').execute();
  },
};
