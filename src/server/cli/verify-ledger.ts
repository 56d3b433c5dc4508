/**
 * `npm run cafe -- verify-ledger [--db FILE]`: the ledger is the truth (issue
 * 21). Reads every user's balances and the sums of their ledger lines, straight
 * from the database (read-only; safe while the cafe runs), and lists each user
 * whose balances differ. For PostgreSQL put the URL in SPAWNPOINT_DB rather
 * than on the command line (a password there ends up in the shell's history).
 * Exit codes: 0 every balance equals its lines, 1 a mismatch (or the database
 * could not be read), 2 bad usage.
 */
import { existsSync } from 'node:fs';
import { flagValue, tokenize, UsageError } from '../config/argv.js';
import { DEFAULT_DB } from '../config/server-flags.js';
import { openDatabase } from '../db/connection.js';
import { isPostgresUrl } from '../db/dialect.js';
import { verifyLedger, type LedgerReport } from '../wallet/service.js';

export const VERIFY_LEDGER_USAGE = `Checking the ledger (every balance equals the sum of its ledger lines):
  npm run cafe -- verify-ledger [--db FILE]   (PostgreSQL: the URL in SPAWNPOINT_DB)
    Exit 0 when every balance matches, 1 on a mismatch.`;

export function formatLedgerReport(report: LedgerReport): string {
  if (report.mismatches.length === 0) return `Ledger holds: ${report.checked} accounts, every balance equals the sum of its lines.`;
  const lines = report.mismatches.map(
    (m) =>
      `  ${m.username} (${m.userId}): balance ${m.balance} IQD, lines ${m.ledgerPaid} IQD; free balance ${m.freeBalance} IQD, lines ${m.ledgerFree} IQD`,
  );
  return [`Ledger MISMATCH: ${report.mismatches.length} of ${report.checked} accounts differ from their lines:`, ...lines].join('\n');
}

export async function runVerifyLedger(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let dbPath: string;
  try {
    const parsed = tokenize(argv, { db: 'value' });
    if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
    dbPath = flagValue(parsed, 'db') ?? env.SPAWNPOINT_DB ?? DEFAULT_DB;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`cafe verify-ledger: ${error.message}\n\n${VERIFY_LEDGER_USAGE}`);
    return 2;
  }
  if (!isPostgresUrl(dbPath) && !existsSync(dbPath)) {
    console.error(`cafe verify-ledger: no database file ${dbPath}`);
    return 2;
  }
  const db = openDatabase(dbPath);
  try {
    const report = await verifyLedger(db);
    const text = formatLedgerReport(report);
    if (report.mismatches.length > 0) {
      console.error(text);
      return 1;
    }
    console.log(text);
    return 0;
  } catch (error) {
    console.error(`cafe verify-ledger: could not read the ledger: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}
