/**
 * Moves a cafe from its SQLite file to PostgreSQL
 * (`npm run cafe -- migrate-to-postgres --from FILE --to postgres://…`):
 *
 * 1. a consistent snapshot of the SQLite file (SQLite's online backup, so a
 *    running server does not get in the way), brought to the latest schema
 *    in the snapshot — the file itself is only read;
 * 2. the same migrations on the target;
 * 3. every table copied in foreign-key order in ONE transaction, in batches
 *    (multi-row INSERTs), serial sequences moved past the copied ids;
 * 4. row counts compared table by table inside that transaction: any
 *    difference rolls everything back and fails.
 *
 * A target that already holds rows is refused unless `force` (then its
 * tables are emptied in the same transaction).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadPg, migrateToLatest, openDatabase } from './connection.js';
import { isPostgresUrl } from './dialect.js';

/** Kysely's own bookkeeping: each side keeps its own (the target's is written by its migrations). */
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock']);
/** At most this many bound values per INSERT (PostgreSQL allows 65535). */
const MAX_PARAMS = 30_000;
const MAX_BATCH = 500;

export interface CopyOptions {
  /** The SQLite file. */
  from: string;
  /** postgres://… */
  to: string;
  /** Empty a target that holds rows instead of refusing. */
  force?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
  /**
   * For the test of the count check only: called inside the transaction after
   * the rows are in, before the counts are compared.
   */
  beforeCountCheck?: (query: (sql: string) => Promise<unknown>) => Promise<void>;
}

export interface CopyReport {
  /** Tables in the order they were copied, with their row counts. */
  tables: { name: string; rows: number }[];
  sequences: string[];
}

export class CopyError extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables so that every table comes after the tables it references (self references aside). */
export function dependencyOrder(tables: readonly string[], references: ReadonlyMap<string, readonly string[]>): string[] {
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting') throw new CopyError(`foreign keys form a cycle: ${[...path, table].join(' → ')}`);
    state.set(table, 'visiting');
    for (const parent of references.get(table) ?? []) if (parent !== table && tables.includes(parent)) visit(parent, [...path, table]);
    state.set(table, 'done');
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const log = options.log ?? (() => undefined);
  if (!isPostgresUrl(options.to)) throw new CopyError('--to must be a postgres:// URL');

  // 1. A snapshot of the file, at the latest schema.
  const work = mkdtempSync(join(tmpdir(), 'spawnpoint-copy-'));
  const snapshot = join(work, 'snapshot.sqlite');
  try {
    let source: Database.Database;
    try {
      source = new Database(options.from, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw new CopyError(`cannot open the SQLite file ${options.from}: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      await source.backup(snapshot);
    } finally {
      source.close();
    }
    const snapshotDb = openDatabase(snapshot);
    try {
      const { applied } = await migrateToLatest(snapshotDb);
      if (applied.length > 0) log(`the file was at an older schema: brought the snapshot up to date (${applied.join(', ')})`);
    } finally {
      await snapshotDb.destroy();
    }

    // 2. The schema on the target.
    const targetDb = openDatabase(options.to);
    try {
      const { applied } = await migrateToLatest(targetDb);
      log(applied.length > 0 ? `migrated the target (${applied.length} migrations)` : 'the target is at the latest schema');
    } finally {
      await targetDb.destroy();
    }

    const sqlite = new Database(snapshot, { readonly: true });
    try {
      return await copyTables(sqlite, options, log);
    } finally {
      sqlite.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function copyTables(sqlite: Database.Database, options: CopyOptions, log: (line: string) => void): Promise<CopyReport> {
  const tables = (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as { name: string }[])
    .map((r) => r.name)
    .filter((name) => !SKIPPED.has(name));
  const references = new Map(
    tables.map((t) => [t, (sqlite.prepare(`pragma foreign_key_list(${quote(t)})`).all() as { table: string }[]).map((fk) => fk.table)]),
  );
  const order = dependencyOrder(tables, references);

  const pg = loadPg();
  const client = new pg.Client({ connectionString: options.to });
  await client.connect();
  client.on('error', () => undefined);
  try {
    const targetColumns = new Map<string, Map<string, string>>();
    const described = await client.query<{ table_name: string; column_name: string; data_type: string }>(
      'select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()',
    );
    for (const r of described.rows) {
      if (!targetColumns.has(r.table_name)) targetColumns.set(r.table_name, new Map());
      targetColumns.get(r.table_name)!.set(r.column_name, r.data_type);
    }
    const missing = order.filter((t) => !targetColumns.has(t));
    if (missing.length > 0) throw new CopyError(`the target has no table ${missing.join(', ')} (a schema from another version?)`);

    await client.query('begin');
    try {
      const nonEmpty: string[] = [];
      for (const table of order) {
        const r = await client.query<{ any: boolean }>(`select exists (select 1 from ${quote(table)}) as any`);
        if (r.rows[0]?.any) nonEmpty.push(table);
      }
      if (nonEmpty.length > 0) {
        if (!options.force) {
          throw new CopyError(`the target already holds rows (${nonEmpty.join(', ')}); refusing to mix two cafes — use an empty database, or --force to empty it first`);
        }
        log(`--force: emptying ${nonEmpty.length} tables of the target`);
        await client.query(`truncate ${order.map(quote).join(', ')} restart identity cascade`);
      }

      const report: CopyReport = { tables: [], sequences: [] };
      for (const table of order) {
        const columns = (sqlite.prepare(`pragma table_info(${quote(table)})`).all() as { name: string }[]).map((c) => c.name);
        const target = targetColumns.get(table)!;
        const unknown = columns.filter((c) => !target.has(c));
        if (unknown.length > 0) throw new CopyError(`the target's ${table} has no column ${unknown.join(', ')}`);
        const booleans = new Set(columns.filter((c) => target.get(c) === 'boolean'));
        const batchSize = Math.max(1, Math.min(MAX_BATCH, Math.floor(MAX_PARAMS / columns.length)));
        const insertHead = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values `;
        let batch: unknown[][] = [];
        let rows = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          const values: unknown[] = [];
          const tuples = batch.map((row) => {
            const marks = row.map((value) => {
              values.push(value);
              return `$${values.length}`;
            });
            return `(${marks.join(', ')})`;
          });
          await client.query(insertHead + tuples.join(', '), values);
          rows += batch.length;
          batch = [];
        };
        const select = sqlite.prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`).raw(true);
        for (const row of select.iterate() as IterableIterator<unknown[]>) {
          batch.push(
            row.map((value, i) => {
              if (typeof value === 'bigint') return value.toString();
              if (booleans.has(columns[i]!) && typeof value === 'number') return value !== 0;
              return value;
            }),
          );
          if (batch.length >= batchSize) await flush();
        }
        await flush();
        report.tables.push({ name: table, rows });
        log(`${table}: ${rows} rows`);
      }

      // Serial ids continue after the copied ones.
      const serials = await client.query<{ table_name: string; column_name: string }>(
        "select table_name, column_name from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'",
      );
      for (const { table_name: table, column_name: column } of serials.rows) {
        if (!order.includes(table)) continue;
        await client.query(
          `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
          [quote(table), column],
        );
        report.sequences.push(`${table}.${column}`);
      }

      await options.beforeCountCheck?.((sql) => client.query(sql));
      // The check: every table holds exactly what the file held.
      const mismatches: string[] = [];
      for (const table of order) {
        const expected = (sqlite.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n;
        const r = await client.query<{ n: string }>(`select count(*) as n from ${quote(table)}`);
        const actual = Number(r.rows[0]?.n);
        if (actual !== expected) mismatches.push(`${table}: ${expected} in the file, ${actual} in PostgreSQL`);
      }
      if (mismatches.length > 0) throw new CopyError(`row counts differ, nothing was copied:\n  ${mismatches.join('\n  ')}`);
      await client.query('commit');
      return report;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }
}
