/**
 * Issue 22, item 5: a play earns XP only while the station saw the game's
 * process. `station_processes` keeps, per station and game, the stretches the
 * shell reported the process running (first seen, last reported, gone);
 * `game_plays.played_seconds` is the part of a closed play covered by them —
 * what XP is paid for. Plays closed before this migration keep their
 * duration as played time (they were paid already).
 * Portable SQL: text columns, an integer, a partial unique index.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const playsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('station_processes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('json_id', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('gone_at', 'text')
      .execute();
    await db.schema.createIndex('station_processes_station').on('station_processes').columns(['station_id', 'json_id', 'seen_at']).execute();
    // One running stretch per station and game, even when two reports race.
    await db.schema
      .createIndex('station_processes_one_running')
      .on('station_processes')
      .columns(['station_id', 'json_id'])
      .unique()
      .where(sql<boolean>`gone_at is null`)
      .execute();
    await db.schema.alterTable('game_plays').addColumn('played_seconds', 'integer').execute();
    await sql`update game_plays set played_seconds = duration_seconds where duration_seconds is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('game_plays').dropColumn('played_seconds').execute();
    await db.schema.dropTable('station_processes').execute();
  },
};
