// @ts-check
/**
 * The thread that owns the server's SQLite connection (issue 27): every
 * statement and every commit's fsync runs here, never on the server's event
 * loop. Plain JavaScript so that it starts the same under tsx, vitest and
 * plain node (no TypeScript loader in a worker thread).
 *
 * Protocol (see sqlite-worker-driver.ts): the parent posts
 *   { id, sql, parameters }  → { id, rows } for a statement that returns rows,
 *                               { id, changes, lastInsertRowid } otherwise,
 *                               { id, error: { message, code, name } } when SQLite refuses it;
 *   { id, script: [{ sql, parameters }, …] }
 *                            → { id, changes, lastInsertRowid: 0 } once every statement ran in ONE
 *                               transaction (begin immediate … commit) and it committed; on any
 *                               error it is rolled back and { id, error } comes back (one message,
 *                               one hop, for a write the caller knows in full beforehand);
 *   { id, close: true }      → { id, closed: true } once the connection is closed.
 * Messages are handled strictly in the order they arrive, one at a time: the
 * parent's order is the database's order. Opening posts { ready: true }, or
 * ends the thread with SQLite's error. A statement's error never ends the thread.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** @type {typeof import('better-sqlite3')} */
const Database = require('better-sqlite3');

/** Prepared statements kept per SQL text (Kysely compiles the same few hundred texts again and again). */
const STATEMENT_CACHE = 500;

/** @param {unknown} error */
function describe(error) {
  const e = /** @type {{ message?: unknown, code?: unknown, name?: unknown }} */ (error ?? {});
  return {
    message: typeof e.message === 'string' ? e.message : String(error),
    code: typeof e.code === 'string' ? e.code : undefined,
    name: typeof e.name === 'string' ? e.name : 'Error',
  };
}

const port = parentPort;
if (!port) throw new Error('sqlite-worker.mjs runs only as a worker thread');

/** @type {{ path: string, pragmas: string[] }} */
const config = workerData;
// A file that cannot be opened throws here: the thread ends with SQLite's error before { ready }, and the
// parent says 'the database could not be opened' with it.
const db = new Database(config.path);
for (const pragma of config.pragmas) db.pragma(pragma);

/** @type {Map<string, import('better-sqlite3').Statement>} */
const statements = new Map();

/** @param {string} text */
function prepare(text) {
  let stmt = statements.get(text);
  if (stmt) {
    // Most recently used last, so the oldest is dropped first.
    statements.delete(text);
    statements.set(text, stmt);
    return stmt;
  }
  stmt = db.prepare(text);
  statements.set(text, stmt);
  if (statements.size > STATEMENT_CACHE) statements.delete(/** @type {string} */ (statements.keys().next().value));
  return stmt;
}

/** @param {{ sql: string, parameters?: unknown[] }[]} script */
function runScript(script) {
  prepare('begin immediate').run();
  try {
    let changes = 0;
    for (const { sql, parameters } of script) {
      if (typeof sql !== 'string') throw new TypeError('a statement needs its SQL text');
      const stmt = prepare(sql);
      const values = Array.isArray(parameters) ? parameters : [];
      if (stmt.reader) stmt.all(values);
      else changes += stmt.run(values).changes;
    }
    prepare('commit').run();
    return changes;
  } catch (error) {
    // Nothing of it stays: a failed statement or a refused commit leaves the transaction open until this.
    if (db.inTransaction) prepare('rollback').run();
    throw error;
  }
}

port.on('message', (/** @type {{ id: number, sql?: string, parameters?: unknown[], close?: boolean, script?: { sql: string, parameters?: unknown[] }[] }} */ message) => {
  const { id } = message;
  if (message.script) {
    try {
      port.postMessage({ id, changes: runScript(message.script), lastInsertRowid: 0 });
    } catch (error) {
      port.postMessage({ id, error: describe(error) });
    }
    return;
  }
  if (message.close) {
    try {
      statements.clear();
      if (db.open) db.close();
      port.postMessage({ id, closed: true });
    } catch (error) {
      port.postMessage({ id, error: describe(error) });
    }
    return;
  }
  try {
    if (typeof message.sql !== 'string') throw new TypeError('a statement needs its SQL text');
    const stmt = prepare(message.sql);
    const parameters = Array.isArray(message.parameters) ? message.parameters : [];
    if (stmt.reader) {
      port.postMessage({ id, rows: stmt.all(parameters) });
    } else {
      const { changes, lastInsertRowid } = stmt.run(parameters);
      port.postMessage({ id, changes, lastInsertRowid });
    }
  } catch (error) {
    port.postMessage({ id, error: describe(error) });
  }
});

port.postMessage({ ready: true });
