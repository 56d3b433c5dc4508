/**
 * `npm run cafe -- migrate-to-postgres`: a seeded SQLite cafe with some money
 * history is copied into an empty PostgreSQL database; every table's row
 * count and the money match, serial ids continue, a second copy into the same
 * database is refused without --force, and a count mismatch rolls everything
 * back. node-pg project only (it needs the run's PostgreSQL cluster).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAddBalance, adminEndSession } from '../../src/shared/api/routes.js';
import { copySqliteToPostgres, dependencyOrder } from '../../src/server/db/copy-to-postgres.js';
import { freshDatabaseUrl } from '../support/postgres.js';
import { adminToken, login, ok, startServer } from './support/harness.js';

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-copy-test-'));
  file = join(dir, 'cafe.sqlite');
  // A cafe with history: the demo seed, a top-up, a session billed for 25 minutes, then ended by a logout.
  const cafe = await startServer({ dbPath: file });
  try {
    await ok(cafe.url, adminAddBalance, { params: { username: 'ali' }, body: { amount: 12_345 }, token: await adminToken(cafe.url) });
    const session = await login(cafe.url, 'ali', 'ali12345', 2);
    await cafe.clock.advance(25 * 60_000);
    await ok(cafe.url, adminEndSession, { params: { sessionId: session.sessionId }, token: await adminToken(cafe.url) });
  } finally {
    await cafe.close();
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pgRows<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

function sqliteTables(): Map<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const names = (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'").all() as { name: string }[]).map((r) => r.name);
    return new Map(names.map((n) => [n, (db.prepare(`select count(*) as n from "${n}"`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

function sqliteAll<T>(sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('migrate-to-postgres', () => {
  it('orders tables after the tables they reference', () => {
    const refs = new Map([
      ['orders', ['users', 'offers']],
      ['offers', []],
      ['users', ['users']],
      ['items', ['orders']],
    ]);
    const order = dependencyOrder(['items', 'orders', 'users', 'offers'], refs);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('offers')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('items'));
    expect(() => dependencyOrder(['a', 'b'], new Map([['a', ['b']], ['b', ['a']]]))).toThrow(/cycle/);
  });

  it('copies every table with the same counts and money, through the CLI; serial ids continue', async () => {
    const url = await freshDatabaseUrl();
    const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/server/cli/cafe.ts', 'migrate-to-postgres', '--from', file, '--to', url], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Done: \d+ tables, \d+ rows, counts checked/);

    const counts = sqliteTables();
    expect(counts.get('users')).toBeGreaterThan(0);
    expect(counts.get('client_sessions')).toBeGreaterThan(0);
    for (const [table, rows] of counts) {
      const [r] = await pgRows<{ n: number }>(url, `select count(*)::int as n from "${table}"`);
      expect({ table, rows: r?.n }).toEqual({ table, rows });
    }
    type Wallet = { username: string; balance: number; protected_balance: number };
    const money = (rows: Wallet[]) =>
      Object.fromEntries(rows.map((r) => [r.username, [Number(r.balance), Number(r.protected_balance)]]));
    const sql = 'select username, balance, protected_balance from users order by username';
    const before = money(sqliteAll<Wallet>(sql));
    expect(money(await pgRows<Wallet>(url, sql))).toEqual(before);
    expect(before.ali?.[0]).toBeGreaterThan(0);
    const sessions = 'select id, amount_charged, billed_ms, hourly_rate from client_sessions order by id';
    const normal = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'id' ? Number(v) : v])));
    const fromFile = normal(sqliteAll<Record<string, unknown>>(sessions));
    expect(fromFile.some((s) => Number(s.amount_charged) > 0)).toBe(true);
    expect(normal(await pgRows<Record<string, unknown>>(url, sessions))).toEqual(fromFile);

    // Serial ids continue past the copied ones (a stale sequence would collide on the next insert).
    const serials = await pgRows<{ table_name: string; column_name: string }>(
      url,
      "select table_name, column_name from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%' and table_name not like 'socket_io%'",
    );
    expect(serials.length).toBeGreaterThan(0);
    let checked = 0;
    for (const { table_name: table, column_name: column } of serials) {
      const [max] = await pgRows<{ m: number | null }>(url, `select max("${column}")::int as m from "${table}"`);
      if (!max?.m) continue;
      const [next] = await pgRows<{ v: number }>(url, `select nextval(pg_get_serial_sequence('"${table}"', '${column}'))::int as v`);
      expect({ table, next: next!.v > max.m }).toEqual({ table, next: true });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);

    // The same database again: refused without --force (nothing touched), emptied and copied again with it.
    const again = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/server/cli/cafe.ts', 'migrate-to-postgres', '--from', file, '--to', url], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds rows/);
    const forced = await copySqliteToPostgres({ from: file, to: url, force: true });
    expect(forced.tables.find((t) => t.name === 'users')?.rows).toBe(counts.get('users'));
    expect(money(await pgRows<Wallet>(url, sql))).toEqual(before);
  }, 60_000);

  it('a row count that differs rolls the whole copy back and fails loudly', async () => {
    const url = await freshDatabaseUrl();
    const credentials = sqliteTables().get('station_credentials')!;
    expect(credentials).toBeGreaterThan(0);
    const copy = copySqliteToPostgres({
      from: file,
      to: url,
      // One row lost in flight (a table nothing references).
      beforeCountCheck: async (query) => {
        await query("delete from station_credentials where station_id = 'st-08'");
      },
    });
    await expect(copy).rejects.toThrow(/row counts differ, nothing was copied/);
    await expect(copy).rejects.toThrow(`station_credentials: ${credentials} in the file, ${credentials - 1} in PostgreSQL`);
    const [users] = await pgRows<{ n: number }>(url, 'select count(*)::int as n from users');
    expect(users?.n).toBe(0);
  }, 60_000);
});
