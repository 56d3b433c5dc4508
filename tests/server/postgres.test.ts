/** PostgreSQL as the server's database (node-pg project only; the SQLite twin is db.test.ts). */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { ManualClock } from '../../src/server/clock/clock.js';
import { parseServerFlags } from '../../src/server/config/server-flags.js';
import { migrateToLatest, openDatabase } from '../../src/server/db/connection.js';
import { isPostgres, minutesBetween } from '../../src/server/db/dialect.js';
import { findUserByUsername } from '../../src/server/users/profile.js';
import { admin, CLUSTER_ENV, clusterUrl, freshDatabaseUrl, testingOnPostgres } from '../support/postgres.js';

let dir: string;
const savedDataDir = process.env.SPAWNPOINT_DATA_DIR;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-pg-data-'));
  process.env.SPAWNPOINT_DATA_DIR = dir;
});
afterEach(() => {
  if (savedDataDir === undefined) delete process.env.SPAWNPOINT_DATA_DIR;
  else process.env.SPAWNPOINT_DATA_DIR = savedDataDir;
  rmSync(dir, { recursive: true, force: true });
});

/** An empty database (not the migrated template). */
async function emptyDatabaseUrl(): Promise<string> {
  const cluster = process.env[CLUSTER_ENV]!;
  const name = `empty_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(cluster, [`create database "${name}" template template0`]);
  return clusterUrl(cluster, name);
}

const user = (id: string, username: string) => ({
  id, username, password_hash: null, email: null, phone_number: null, display_name: null, avatar_url: null,
  type: 'regular', balance: 0, protected_balance: 0, xp: 0, level: 1, require_password_reset: 0 as const,
  require_balance_top_up: 0 as const, created_at: 'now', last_login_at: null, steam_id: null,
});

describe.skipIf(!testingOnPostgres())('PostgreSQL', () => {
  it('takes a postgres:// URL from --db and SPAWNPOINT_DB', () => {
    const url = 'postgres://cafe:secret@db.internal:5432/cafe';
    expect(parseServerFlags(['--db', url]).dbPath).toBe(url);
    expect(parseServerFlags([], { SPAWNPOINT_DB: url }).dbPath).toBe(url);
  });

  it('runs the same migrations on an empty database, once', async () => {
    const url = await emptyDatabaseUrl();
    const db = openDatabase(url);
    try {
      expect(isPostgres(db)).toBe(true);
      const applied = (await migrateToLatest(db)).applied;
      expect(applied.slice(0, 5)).toEqual(['0001_initial', '0002_front_door', '0003_trust', '0004_games', '0005_store']);
      expect((await migrateToLatest(db)).applied).toEqual([]);
      const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db);
      expect(tables.rows.map((t) => t.name)).toEqual(
        expect.arrayContaining(['stations', 'users', 'client_sessions', 'prepaid_cards', 'offer_orders', 'balance_ledger', 'game_accounts']),
      );
      // Money columns are 8-byte floats (PostgreSQL's `real` would be 4 bytes), serial ids are numbered by the database.
      const types = await sql<{ column_name: string; data_type: string }>`
        select column_name, data_type from information_schema.columns where table_name = 'users' and column_name in ('balance', 'username')`.execute(db);
      expect(Object.fromEntries(types.rows.map((r) => [r.column_name, r.data_type]))).toEqual({ balance: 'double precision', username: 'USER-DEFINED' });
      const ids = await db
        .insertInto('outbox')
        .values([1, 2].map((n) => ({ channel: 'sms' as const, recipient: `+96477000000${n}`, subject: 's', body: 'b', created_at: 'now' })))
        .returning('id')
        .execute();
      expect(ids.map((r) => r.id)).toEqual([1, 2]);
    } finally {
      await db.destroy();
    }
  });

  it('compares usernames without case, counts as numbers, and does time arithmetic on ISO text', async () => {
    const db = openDatabase(await freshDatabaseUrl());
    try {
      await db.insertInto('users').values(user('usr_1', 'Ali')).execute();
      await expect(db.insertInto('users').values(user('usr_2', 'ali')).execute()).rejects.toThrow(/unique/i);
      expect((await findUserByUsername(db, 'ALI'))?.id).toBe('usr_1');
      const count = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(count.n).toBe(1);
      const minutes = await sql<{ m: number }>`select ${minutesBetween(db, sql.lit('2025-01-10T18:00:00.000Z'), sql.lit('2025-01-10T19:30:30.000Z'))} as m`.execute(db);
      expect(minutes.rows[0]?.m).toBeCloseTo(90.5);
    } finally {
      await db.destroy();
    }
  });

  it('seeds the demo once, and keeps the JWT secret in SPAWNPOINT_DATA_DIR across restarts', async () => {
    const url = await emptyDatabaseUrl();
    const first = await buildServer({ dbPath: url, seed: 'demo', clock: new ManualClock() });
    expect(first.seeded).toBe(true);
    await first.close();
    const secret = readFileSync(join(dir, 'jwt-secret'), 'utf8').trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const second = await buildServer({ dbPath: url, seed: 'demo', clock: new ManualClock() });
    expect(second.seeded).toBe(false);
    expect(await second.db.selectFrom('stations').select('id').execute()).toHaveLength(8);
    await second.close();
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
  });
});
