/**
 * A private PostgreSQL cluster for tests: Debian's `postgresql` package,
 * initdb + pg_ctl in a temporary directory, listening only on a unix socket
 * in that directory (no port to collide on). As root the cluster runs as the
 * `postgres` user (initdb refuses root). Durability is off: the cluster dies
 * with the test run.
 *
 * `startCluster()` is for a vitest globalSetup (tests/support/postgres-setup.ts)
 * and for scripts; test files get a fresh database each with
 * `freshDatabaseUrl()` (a copy of a template that is already migrated).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const TEMPLATE_DB = 'spawnpoint_template';
const SUPERUSER = 'postgres';

export interface Cluster {
  /** The folder holding the data directory and the socket. */
  dir: string;
  /** A postgres:// URL for a database of this cluster. */
  url(database: string): string;
  stop(): void;
}

/** The newest installed server's bin folder (/usr/lib/postgresql/<version>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program as the cluster's owner. */
function runAsOwner(bin: string, args: string[]): void {
  const [command, argv] = isRoot() ? ['runuser', ['-u', SUPERUSER, '--', bin, ...args]] : [bin, args];
  const r = spawnSync(command, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

export function clusterUrl(dir: string, database: string): string {
  return `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(dir)}`;
}

/** initdb + pg_ctl start in a new temporary folder; throws with the reason when PostgreSQL is not installed. */
export function startCluster(): Cluster {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: run 'node scripts/setup.mjs test' (Debian package postgresql)");
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', SUPERUSER, '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  // Byte-order text comparison like SQLite (--no-locale), unix socket only, no durability (tests only).
  const conf = [
    "listen_addresses = ''",
    `unix_socket_directories = '${dir}'`,
    'max_connections = 400',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 64MB',
    "log_min_messages = 'fatal'",
  ].join('\n');
  const confFile = join(data, 'postgresql.auto.conf');
  writeFileSync(confFile, `${conf}\n`, { flag: 'a' });
  runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', '-s', 'start']);
  return {
    dir,
    url: (database) => clusterUrl(dir, database),
    stop() {
      try {
        runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-s', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs statements on the cluster's maintenance database. */
export async function admin(dir: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl(dir, 'postgres') });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The env the globalSetup hands every test worker: the cluster's folder. */
export const CLUSTER_ENV = 'SPAWNPOINT_TEST_PG_DIR';

/** True when this test run is the PostgreSQL one (vitest project `node-pg`). */
export function testingOnPostgres(): boolean {
  return process.env.SPAWNPOINT_TEST_DB === 'postgres';
}

let counter = 0;

/** A new database, copied from the migrated template, on the run's cluster. */
export async function freshDatabaseUrl(): Promise<string> {
  const dir = process.env[CLUSTER_ENV];
  if (!dir) throw new Error(`${CLUSTER_ENV} is not set: the PostgreSQL tests run under the node-pg vitest project`);
  counter += 1;
  const name = `t_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(dir, [`create database "${name}" template ${TEMPLATE_DB} strategy file_copy`]);
  return clusterUrl(dir, name);
}

/** What a test reads and writes of a server's database directly: better-sqlite3's synchronous subset. */
export interface SqlHandle {
  prepare(query: string): {
    all(...params: unknown[]): unknown[];
    get(...params: unknown[]): unknown;
    run(...params: unknown[]): unknown;
  };
  close(): void;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** `?` placeholders (outside quotes) bound as literals. */
function bind(query: string, params: unknown[]): string {
  let i = 0;
  let quoted = false;
  let out = '';
  for (const ch of query) {
    if (ch === "'") quoted = !quoted;
    out += ch === '?' && !quoted ? literal(params[i++]) : ch;
  }
  return out;
}

/**
 * The same synchronous handle over psql, for assertions on a server's
 * PostgreSQL database (each call is one psql run: slow, tests only).
 */
export function psqlHandle(url: string): SqlHandle {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const psql = (statement: string) =>
    execFileSync(join(bin, 'psql'), ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', statement], { encoding: 'utf8' });
  return {
    prepare(query) {
      const rows = (params: unknown[]) =>
        JSON.parse(psql(`select coalesce(json_agg(r), '[]') from (${bind(query, params)}) r`).trim()) as unknown[];
      return {
        all: (...params) => rows(params),
        get: (...params) => rows(params)[0],
        run: (...params) => psql(bind(query, params)),
      };
    },
    close() {},
  };
}
