/** Opens the SQLite database (file or ':memory:') and brings it to the latest schema. */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations/index.js';
import type { Database as Schema, Db } from './schema.js';

export const MEMORY = ':memory:';

/**
 * The file holds password hashes, balances and station credential hashes:
 * only the server's user reads it (0600; SQLite gives -wal and -shm the same
 * mode). Every commit is durable (synchronous = FULL): an acknowledged
 * redeem or top-up survives a power cut.
 */
export function openDatabase(dbPath: string): Db {
  if (dbPath !== MEMORY) {
    mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
    if (!existsSync(dbPath)) closeSync(openSync(dbPath, 'a', 0o600));
    chmodSync(dbPath, 0o600);
  }
  const sqlite = new Database(dbPath);
  if (dbPath !== MEMORY) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export interface MigrationReport {
  applied: string[];
}

/** Runs every pending migration; safe to call on every start. */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`database migration failed: ${reason}`);
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
