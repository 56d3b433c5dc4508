/**
 * The few places where SQLite and PostgreSQL differ, kept in one file so that
 * every query and migration stays one code path. A database is PostgreSQL
 * when it was opened from a postgres:// URL (see connection.ts).
 */
import { dirname } from 'node:path';
import { PostgresAdapter, sql, type ColumnDataType, type ColumnDefinitionBuilder, type Expression, type Kysely, type RawBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** A `--db` value that names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(dbPath: string): boolean {
  return /^postgres(ql)?:\/\//i.test(dbPath);
}

/**
 * Where the server keeps its files beside the database (jwt-secret,
 * secret.key, TLS): the SQLite file's folder, or for PostgreSQL
 * SPAWNPOINT_DATA_DIR (default .data). Nodes of one cafe share these secrets.
 */
export function dataDirOf(dbPath: string, env: NodeJS.ProcessEnv = process.env): string {
  return isPostgresUrl(dbPath) ? (env.SPAWNPOINT_DATA_DIR ?? '.data') : dirname(dbPath);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, any transaction
type AnyDb = Kysely<any>;

export function dialectOf(db: AnyDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: AnyDb): boolean {
  return dialectOf(db) === 'postgres';
}

/**
 * For `.$if(lockRows(trx), (qb) => qb.forNoKeyUpdate())`: a read that a money
 * transaction then writes back takes the row lock on PostgreSQL (concurrent
 * transactions wait for it). `for no key update`, not `for update`: a
 * transaction that inserted or updated a row referencing it (a card redeemed
 * by this user) holds `for key share`, which `for update` would deadlock on.
 * SQLite has no row locks and needs none: its writers are serialised on one
 * connection.
 */
export function lockRows(db: AnyDb): boolean {
  return isPostgres(db);
}

/** Column types and modifiers for migrations. */
export interface SchemaDialect {
  readonly name: DialectName;
  /** Floating point: SQLite `real` (8 bytes); PostgreSQL `real` is 4 bytes, so `double precision`. */
  readonly float: ColumnDataType;
  /** Text compared without regard to case: SQLite `text collate nocase`, PostgreSQL `citext`. */
  readonly textNocase: ColumnDataType | RawBuilder<unknown>;
  /** An integer primary key the database numbers: SQLite `integer … autoincrement`, PostgreSQL `serial`. */
  readonly serialType: ColumnDataType;
  serial(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  nocase(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /** The expression a case-insensitive unique index is built on, for a plain text column. */
  foldedColumn(column: string): RawBuilder<unknown>;
}

export function schemaDialect(db: AnyDb): SchemaDialect {
  const pg = isPostgres(db);
  return {
    name: pg ? 'postgres' : 'sqlite',
    float: pg ? 'double precision' : 'real',
    textNocase: pg ? sql`citext` : 'text',
    serialType: pg ? 'serial' : 'integer',
    serial: (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
    nocase: (c) => (pg ? c : c.modifyEnd(sql`collate nocase`)),
    foldedColumn: (column) => (pg ? sql`lower(${sql.ref(column)})` : sql`${sql.ref(column)} collate nocase`),
  };
}

/** A unique index refused the write: better-sqlite3's code or PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Minutes between two ISO-8601 text timestamps (fractional). */
export function minutesBetween(db: AnyDb, from: Expression<unknown>, to: Expression<unknown>): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(extract(epoch from (cast(${to} as timestamptz) - cast(${from} as timestamptz))) / 60)`
    : sql<number>`((julianday(${to}) - julianday(${from})) * 1440)`;
}

/**
 * Serialises transactions that check for the absence of a row and then insert
 * one (one open cash shift): on PostgreSQL a transaction-scoped advisory lock
 * on `name`, held until commit or rollback; SQLite's writers are already
 * serialised. Call it first inside the transaction.
 */
export async function serialiseOn(trx: AnyDb, name: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
