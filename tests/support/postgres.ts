/**
 * A private PostgreSQL cluster for tests (src/server/cluster/postgres.ts, shared
 * with `npm run cluster`). `startCluster()` is for a vitest globalSetup
 * (tests/support/postgres-setup.ts) and for scripts; test files get a fresh
 * database each with `freshDatabaseUrl()` (a copy of a template that is
 * already migrated).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { admin, clusterUrl, postgresBinDir } from '../../src/server/cluster/postgres.js';

export { admin, clusterUrl, postgresBinDir, startCluster, type Cluster } from '../../src/server/cluster/postgres.js';

export const TEMPLATE_DB = 'spawnpoint_template';

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
