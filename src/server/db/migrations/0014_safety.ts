/**
 * Issue 22 (a cafe's first day, safe). The vault gives a password once per
 * assignment: when it was given and how many repeats were refused. A
 * session has one open game play: older extra open game plays are closed with no time
 * (they were the fake ones), then a partial unique index holds the rule.
 * The first owner is made from a one-time set-up link (`setup_tokens`).
 * Portable SQL: a nullable text column, an integer with a default, a partial index.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const safetyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('game_accounts').addColumn('credentials_issued_at', 'text').execute();
    await db.schema.alterTable('game_accounts').addColumn('credential_repeats', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update game_plays set ended_at = started_at, duration_seconds = 0
      where ended_at is null and substr(json_id, 1, 5) = 'game-' and exists (
        select 1 from game_plays newer where newer.session_id = game_plays.session_id and newer.ended_at is null
          and substr(newer.json_id, 1, 5) = 'game-' and (newer.started_at > game_plays.started_at or (newer.started_at = game_plays.started_at and newer.id > game_plays.id)))`.execute(db);
    await db.schema
      .createIndex('game_plays_one_open_per_session')
      .on('game_plays')
      .column('session_id')
      .unique()
      .where(sql<boolean>`ended_at is null and substr(json_id, 1, 5) = 'game-'`)
      .execute();
    // First run without demo secrets: one-time set-up links for the first owner (only their SHA-256 is kept).
    await db.schema
      .createTable('setup_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      // The authenticator secret offered on the set-up page, sealed with the server's key (bound to the hash).
      .addColumn('totp_sealed', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    // A station's revoked (or replaced) credentials, so its kiosk is told "revoked", not "unknown".
    await db.schema
      .createTable('station_revoked_credentials')
      .addColumn('credential_hash', 'text', (c) => c.primaryKey())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('station_revoked_credentials').execute();
    await db.schema.dropTable('setup_tokens').execute();
    await db.schema.dropIndex('game_plays_one_open_per_session').execute();
    await db.schema.alterTable('game_accounts').dropColumn('credential_repeats').execute();
    await db.schema.alterTable('game_accounts').dropColumn('credentials_issued_at').execute();
  },
};
