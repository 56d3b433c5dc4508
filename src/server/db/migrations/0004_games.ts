/**
 * Games on the server (issue 11): what each station reports installed, the
 * centre-account pools (passwords sealed with AES-256-GCM, never in clear),
 * and the play-tracking rows behind history and presence.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const games: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('station_library_reports')
      .addColumn('station_id', 'text', (c) => c.primaryKey().references('stations.id').onDelete('cascade'))
      .addColumn('reported_at', 'text', (c) => c.notNull())
      .addColumn('reported_count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('station_installed_games')
      .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('json_id', 'text', (c) => c.notNull().references('games.json_id').onDelete('cascade'))
      .addPrimaryKeyConstraint('station_installed_games_pk', ['station_id', 'json_id'])
      .execute();

    await db.schema
      .createTable('game_accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('platform', 'integer', (c) => c.notNull().check(sql`platform in (3, 4, 5, 6, 7, 8)`))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('password_sealed', 'text', (c) => c.notNull())
      .addColumn('display_number', 'integer', (c) => c.notNull())
      .addColumn('station_group_id', 'text', (c) => c.references('station_groups.id').onDelete('set null'))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('flagged_at', 'text')
      .addColumn('flag_reason', 'text')
      .addColumn('session_id', 'text', (c) => c.references('client_sessions.id').onDelete('set null'))
      .addColumn('assigned_at', 'text')
      .addColumn('launched_json_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('game_accounts_platform_username')
      .on('game_accounts')
      .columns(['platform', 'username'])
      .unique()
      .execute();
    await db.schema
      .createIndex('game_accounts_platform_number')
      .on('game_accounts')
      .columns(['platform', 'display_number'])
      .unique()
      .execute();
    await db.schema.createIndex('game_accounts_session').on('game_accounts').column('session_id').execute();
    await db.schema
      .createTable('game_account_games')
      .addColumn('account_id', 'text', (c) => c.notNull().references('game_accounts.id').onDelete('cascade'))
      .addColumn('json_id', 'text', (c) => c.notNull().references('games.json_id').onDelete('cascade'))
      .addPrimaryKeyConstraint('game_account_games_pk', ['account_id', 'json_id'])
      .execute();

    await db.schema
      .createTable('game_plays')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'text', (c) => c.notNull().references('client_sessions.id').onDelete('cascade'))
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('json_id', 'text', (c) => c.notNull())
      .addColumn('game_name', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .addColumn('duration_seconds', 'integer')
      .execute();
    await db.schema.createIndex('game_plays_user').on('game_plays').columns(['user_id', 'started_at']).execute();
    await db.schema.createIndex('game_plays_session').on('game_plays').columns(['session_id', 'ended_at']).execute();
    // At most one open play of a game per session: a repeated app-launched is idempotent.
    await sql`create unique index game_plays_open on game_plays (session_id, json_id) where ended_at is null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['game_plays', 'game_account_games', 'game_accounts', 'station_installed_games', 'station_library_reports']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
