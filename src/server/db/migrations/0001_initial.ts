/** The first schema: stations, users, sessions, games and the station logs. */
import { sql, type Kysely, type Migration } from 'kysely';
import { schemaDialect } from '../dialect.js';

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    const d = schemaDialect(db);
    // Case-insensitive usernames and card ids (SQLite: collate nocase); a trusted extension since PostgreSQL 13.
    if (d.name === 'postgres') await sql`create extension if not exists citext`.execute(db);
    await db.schema
      .createTable('station_groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('hourly_rate', d.float, (c) => c.notNull().check(sql`hourly_rate >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('stations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('number', 'integer', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mac_address', 'text', (c) => c.notNull().unique())
      .addColumn('group_id', 'text', (c) => c.references('station_groups.id').onDelete('set null'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
      .addColumn('ip_address', 'text')
      .addColumn('last_heartbeat_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('heartbeats')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('heartbeats_station').on('heartbeats').columns(['station_id', 'id']).execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', d.textNocase, (c) => d.nocase(c.notNull().unique()))
      .addColumn('password_hash', 'text')
      .addColumn('email', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('display_name', 'text')
      .addColumn('avatar_url', 'text')
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('admin','staff','regular','guest','vip')`))
      .addColumn('balance', d.float, (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
      .addColumn('protected_balance', d.float, (c) => c.notNull().defaultTo(0).check(sql`protected_balance >= 0`))
      .addColumn('xp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('require_password_reset', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('require_balance_top_up', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_login_at', 'text')
      .addColumn('steam_id', 'text')
      .execute();

    await db.schema
      .createTable('announcements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wifi_qr')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ssid', 'text', (c) => c.notNull())
      .addColumn('qr_code_base64', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('client_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .addColumn('end_reason', 'text')
      .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_prepaid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('prepaid_minutes_left', 'integer')
      .addColumn('hourly_rate', d.float, (c) => c.notNull().defaultTo(0))
      .addColumn('last_billed_at', 'text', (c) => c.notNull())
      .addColumn('billed_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('amount_charged', d.float, (c) => c.notNull().defaultTo(0))
      .execute();
    // At most one active session per station and per user.
    await sql`create unique index client_sessions_active_station on client_sessions(station_id) where ended_at is null`.execute(db);
    await sql`create unique index client_sessions_active_user on client_sessions(user_id) where ended_at is null`.execute(db);

    await db.schema
      .createTable('games')
      .addColumn('json_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('thumbnail', 'text', (c) => c.notNull())
      .addColumn('platform', 'integer', (c) => c.notNull())
      .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('app_id', 'text')
      .addColumn('is_multi_platform', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('guest_unlock_acks')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('success', 'integer', (c) => c.notNull())
      .addColumn('error_message', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('station_commands')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('command', 'text', (c) => c.notNull())
      .addColumn('new_name', 'text')
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('issued_by', 'text')
      .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'station_commands',
      'guest_unlock_acks',
      'games',
      'client_sessions',
      'wifi_qr',
      'announcements',
      'users',
      'heartbeats',
      'stations',
      'station_groups',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
