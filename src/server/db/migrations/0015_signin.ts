/**
 * Real sign-in (issue 25): what a phone's trip through a provider leaves on
 * the server between the start and the callback — the `state` (the key), the
 * QR session it belongs to, the PKCE verifier and the ID-token nonce. In the
 * database like the QR sessions (the start and the callback may reach
 * different nodes); a callback deletes its row in one conditional DELETE, so
 * a state is spent once. Portable SQL: text columns, ISO text times.
 */
import type { Kysely, Migration } from 'kysely';

export const signInMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oauth_states')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oauth_states_expiry').on('oauth_states').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oauth_states').execute();
  },
};
