/**
 * A write known in full beforehand, in ONE transaction, in the fewest round
 * trips the database allows (issue 27): on SQLite in its thread one message
 * carries begin, every statement and the commit (`runInOneTransaction`), so
 * the event loop pays one hop instead of one per statement; elsewhere
 * (PostgreSQL, SQLite on the event loop) an ordinary Kysely transaction runs
 * the same statements in order. Either way: all or nothing, resolved only
 * once committed.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './schema.js';
import { workerDriverOf } from './sqlite-worker-driver.js';

export async function writeInOneTransaction(db: Db, statements: readonly Compilable[]): Promise<void> {
  if (statements.length === 0) return;
  const compiled: CompiledQuery[] = statements.map((statement) => statement.compile());
  const driver = workerDriverOf(db);
  if (driver) return driver.runInOneTransaction(compiled.map(({ sql, parameters }) => ({ sql, parameters })));
  await db.transaction().execute(async (trx) => {
    for (const query of compiled) await trx.executeQuery(query);
  });
}
