import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { migrateToLatest, openDatabase } from '../../src/server/db/connection.js';
import { ManualClock } from '../../src/server/clock/clock.js';
import { exchangePairingCode, issuePairingCode } from '../../src/server/stations/enrolment.js';
import { getProfile, login } from '../../src/shared/api/routes.js';
import { ok } from './support/harness.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-db-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('database', () => {
  it('runs the migrations once on a file database and is idempotent afterwards', async () => {
    const file = join(dir, 'nested', 'cafe.sqlite');
    const first = openDatabase(file);
    const applied = (await migrateToLatest(first)).applied;
    expect(applied[0]).toBe('0001_initial');
    expect(applied).toContain('0002_front_door');
    await first.destroy();

    const second = openDatabase(file);
    expect((await migrateToLatest(second)).applied).toEqual([]);
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(second);
    expect(tables.rows.map((t) => t.name)).toEqual(
      expect.arrayContaining(['stations', 'station_groups', 'heartbeats', 'users', 'client_sessions', 'games', 'guest_unlock_acks', 'station_commands', 'announcements', 'wifi_qr']),
    );
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(second);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(second);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    await second.destroy();
  });

  it('enforces case-insensitive usernames and one active session per station', async () => {
    const db = openDatabase(':memory:');
    await migrateToLatest(db);
    const user = (id: string, username: string) => ({
      id, username, password_hash: null, email: null, phone_number: null, display_name: null, avatar_url: null,
      type: 'regular', balance: 0, protected_balance: 0, xp: 0, level: 1, require_password_reset: 0 as const,
      require_balance_top_up: 0 as const, created_at: 'now', last_login_at: null, steam_id: null,
    });
    await db.insertInto('users').values(user('usr_1', 'Ali')).execute();
    await expect(db.insertInto('users').values(user('usr_2', 'ali')).execute()).rejects.toThrow(/UNIQUE/);
    await db.destroy();
  });

  it('seeds the demo only into an empty database, and keeps the JWT secret across restarts', async () => {
    const file = join(dir, 'cafe.sqlite');
    const first = await buildServer({ dbPath: file, seed: 'demo', clock: new ManualClock() });
    expect(first.seeded).toBe(true);
    const url1 = await first.listen({ port: 0, host: '127.0.0.1' });
    const { code } = await issuePairingCode(first.db, first.clock, 'st-01');
    const credential = await exchangePairingCode(first.db, first.clock, { stationId: 'st-01', pairingCode: code });
    const { accessToken } = await ok(url1, login, {
      body: { username: 'ali', password: 'ali12345', macAddress: '02:53:50:00:00:01' },
      credential,
    });
    await first.close();
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);

    const second = await buildServer({ dbPath: file, seed: 'demo', clock: new ManualClock() });
    expect(second.seeded).toBe(false);
    const stations = await second.db.selectFrom('stations').select('id').execute();
    expect(stations).toHaveLength(8);
    const url2 = await second.listen({ port: 0, host: '127.0.0.1' });
    // A token issued before the restart is still valid.
    const profile = await ok(url2, getProfile, { token: accessToken });
    expect(profile.username).toBe('ali');
    await second.close();
  });
});
