/**
 * `npm run cafe -- migrate-to-postgres --from data/cafe.db --to postgres://…`:
 * the cafe's SQLite file into PostgreSQL (db/copy-to-postgres.ts). Works on
 * the files and the database directly, not through a server. Exit codes:
 * 0 copied and checked, 1 refused or failed (nothing copied), 2 bad usage.
 */
import { existsSync } from 'node:fs';
import { flagValue, tokenize, UsageError } from '../config/argv.js';
import { CopyError, copySqliteToPostgres } from '../db/copy-to-postgres.js';
import { isPostgresUrl } from '../db/dialect.js';

export const MIGRATE_USAGE = `Moving a cafe from SQLite to PostgreSQL (stop the server first):
  npm run cafe -- migrate-to-postgres --from FILE --to postgres://USER:PASSWORD@HOST/DB [--force]
    Migrates the target, copies every table in one transaction and checks the row counts.
    --force   empty a target that already holds rows (otherwise refused)`;

export interface MigrateArgs {
  from: string;
  to: string;
  force: boolean;
}

export function parseMigrateArgs(argv: readonly string[]): MigrateArgs {
  const parsed = tokenize(argv, { from: 'value', to: 'value', force: 'boolean' });
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
  const from = flagValue(parsed, 'from');
  const to = flagValue(parsed, 'to');
  if (!from) throw new UsageError('--from FILE (the SQLite file) is required');
  if (!to) throw new UsageError('--to postgres://… is required');
  if (!isPostgresUrl(to)) throw new UsageError('--to must be a postgres:// or postgresql:// URL');
  return { from, to, force: parsed.flags.has('force') };
}

/** The database URL without its password, for messages. */
function printableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the target';
  }
}

export async function runMigrateToPostgres(argv: readonly string[]): Promise<number> {
  let args: MigrateArgs;
  try {
    args = parseMigrateArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`cafe migrate-to-postgres: ${error.message}\n\n${MIGRATE_USAGE}`);
    return 2;
  }
  if (!existsSync(args.from)) {
    console.error(`cafe migrate-to-postgres: no file ${args.from}`);
    return 2;
  }
  console.log(`Copying ${args.from} into ${printableUrl(args.to)}`);
  try {
    const report = await copySqliteToPostgres({ ...args, log: (line) => console.log(`  ${line}`) });
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Done: ${report.tables.length} tables, ${rows} rows, counts checked; ${report.sequences.length} sequences moved on.`);
    console.log(`Start the nodes with --db (or SPAWNPOINT_DB) set to that URL, and SPAWNPOINT_DATA_DIR holding this cafe's jwt-secret and secret.key (from ${args.from}'s folder).`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`cafe migrate-to-postgres: ${error instanceof CopyError ? message : `failed, nothing was copied: ${message}`}`);
    return 1;
  }
}
