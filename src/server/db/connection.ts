/**
 * Opens the database and brings it to the latest schema: SQLite (a file or
 * ':memory:', the default) or PostgreSQL (a postgres:// URL), one code path
 * over Kysely (dialect differences live in dialect.ts).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { createRequire } from 'node:module';
import type * as PgModule from 'pg';
import { isPostgresUrl } from './dialect.js';
import { migrationProvider } from './migrations/index.js';
import { registerWorkerDriver, SqliteWorkerDialect } from './sqlite-worker-driver.js';
import type { Database as Schema, Db } from './schema.js';

export const MEMORY = ':memory:';

/**
 * The file holds password hashes, balances and station credential hashes:
 * only the server's user reads it (0600; SQLite gives -wal and -shm the same
 * mode). Every commit is durable (synchronous = FULL): an acknowledged
 * redeem or top-up survives a power cut.
 *
 * The SQLite connection lives in a worker thread (`sqlite-worker-driver.ts`,
 * issue 27): statements and each commit's fsync run there, in order, and a
 * query resolves only once SQLite has answered — the event loop never waits
 * on the disk, and an acknowledged write is still a committed one. Cheap
 * reads of a file database are answered on the event loop by a read-only
 * connection beside it (WAL), from the latest committed state.
 */
export function openDatabase(dbPath: string): Db {
  if (isPostgresUrl(dbPath)) return openPostgres(dbPath);
  if (dbPath !== MEMORY) {
    mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
    if (!existsSync(dbPath)) closeSync(openSync(dbPath, 'a', 0o600));
    chmodSync(dbPath, 0o600);
  }
  const pragmas = [...(dbPath !== MEMORY ? ['journal_mode = WAL'] : []), 'synchronous = FULL', 'foreign_keys = ON', 'busy_timeout = 5000'];
  const thread = process.env.SPAWNPOINT_DB_THREAD;
  if (thread === 'main') return onMainThread(dbPath, pragmas);
  // Cheap reads on a read-only connection on the event loop (sqlite-worker-driver.ts); `worker-only`: all in the thread.
  const dialect = new SqliteWorkerDialect({ path: dbPath, pragmas, readOnLoop: thread !== 'worker-only' });
  const db = new Kysely<Schema>({ dialect });
  registerWorkerDriver(db, dialect.driver); // for writeInOneTransaction's one-message path
  return db;
}

/**
 * `SPAWNPOINT_DB_THREAD=main`: the connection on the event loop, as before
 * issue 27 — only so that `npm run bench -- --only load --db-thread both`
 * measures both in one run with the same code around them. Not for a cafe.
 */
function onMainThread(dbPath: string, pragmas: readonly string[]): Db {
  const sqlite = new Database(dbPath);
  for (const pragma of pragmas) sqlite.pragma(pragma);
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/**
 * PostgreSQL's numbers as JavaScript numbers, the way SQLite hands them back:
 * count(*) and sum(integer) are int8 and sums of int8 are numeric, which the
 * driver would otherwise return as strings. Counts and IQD amounts stay far
 * below 2^53.
 */
function pgTypes(pg: typeof PgModule): PgModule.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  } as PgModule.CustomTypesConfig;
}

/** `pg` is loaded only for a postgres:// URL: the default SQLite start does not pay for it. */
export function loadPg(): typeof PgModule {
  return createRequire(import.meta.url)('pg') as typeof PgModule;
}

/** A pool on a postgres:// URL (SPAWNPOINT_DB_POOL connections, default 10). */
function openPostgres(url: string): Db {
  const pg = loadPg();
  const max = Number(process.env.SPAWNPOINT_DB_POOL ?? 10) || 10;
  const pool = new pg.Pool({ connectionString: url, max, types: pgTypes(pg) });
  // A client losing its connection (a database restart) must not crash the server: an idle one is replaced by the
  // pool, a checked-out one fails its query.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
}

export interface MigrationReport {
  applied: string[];
}

/** Runs every pending migration; safe to call on every start. */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  // Branches add numbered migrations in parallel: one merged later may sort before one already applied.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`database migration failed: ${reason}`);
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
