/**
 * Kysely over SQLite with the connection in a worker thread (issue 27): the
 * server's event loop never waits on the disk. better-sqlite3 is synchronous,
 * so on the main thread every statement and every commit's fsync stalled every
 * socket the node holds; here they run in `sqlite-worker.mjs` and the event
 * loop only posts messages and reads answers.
 *
 * One connection, as before, so the rules that follow from it hold unchanged:
 * - **Order.** Statements reach SQLite in the order they were issued: the
 *   worker handles its messages one at a time, in order.
 * - **Transactions are exclusive.** Everything sent while a transaction is
 *   open would run inside it, so from `begin` until its `commit` or `rollback`
 *   has been ANSWERED only that transaction's statements are sent; every other
 *   one waits in the queue, in order. (Not just sent: a commit SQLite refuses
 *   leaves the transaction open, and a write sent behind it would be rolled
 *   back after being acknowledged.)
 * - **Durability.** `synchronous = FULL` on the one connection; a statement
 *   or a commit resolves only once the worker has answered, i.e. after SQLite
 *   returned from it — an acknowledged write is on disk.
 * Outside a transaction, statements are pipelined (sent without waiting for
 * the previous answer), which keeps the thread hop off the critical path.
 *
 *
 * **Reads on the event loop** (issue 27, stop 31): a file database also gets a
 * read-only connection on the main thread. WAL lets readers run beside the one
 * writer, so a cheap read — a SELECT whose plan only searches by an index or a
 * key (no full scan, no temporary sort: `EXPLAIN QUERY PLAN`, once per SQL
 * text) — is answered at once from the latest committed state, without the
 * thread hop and without waiting behind a transaction's commit. It never
 * breaks the order a caller can see:
 * - inside a transaction every statement goes to the thread (it must see its
 *   own writes);
 * - while a write issued outside a transaction is queued or unanswered, reads
 *   go to the thread behind it (a caller that did not await its write still
 *   reads it);
 * - a write that was answered is committed, so the next read sees it; a
 *   transaction not yet committed is not seen, as on any other connection.
 * A read that took longer than `readOnLoopMaxMs` on the loop goes to the
 * thread from then on, and a read the reader cannot run (busy, an error) is
 * run by the thread, which gives the answer or the error.
 *
 * Failures: SQLite's refusal comes back as an Error with SQLite's `code`
 * (`isUniqueViolation` keeps working); a parameter that cannot be sent to the
 * thread is refused at once with a clear error. If the thread itself dies,
 * every statement in flight fails with "the database thread stopped", a
 * transaction open on it can only roll back (SQLite discards its uncommitted
 * part), and — for a file — the next statement starts a new thread on the
 * same file; a `:memory:` database died with its thread and says so.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type CompiledQuery,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

const WORKER_FILE = new URL('./sqlite-worker.mjs', import.meta.url);

export interface SqliteWorkerOptions {
  /** A file path or ':memory:'. */
  path: string;
  /** Run in order when the thread opens the connection, e.g. 'synchronous = FULL'. */
  pragmas?: readonly string[];
  /** Answer cheap reads on a read-only connection on the event loop (a file only; default true). */
  readOnLoop?: boolean;
  /** A read that took longer than this on the loop goes to the thread from then on (default 1 ms). */
  readOnLoopMaxMs?: number;
}

/** Where reads were answered (the bench and the tests read it). */
export interface ReadStats {
  onLoop: number;
  inThread: number;
}

/** What the reader decided about one SQL text. */
interface ReadPlan {
  /** Prepared on the read-only connection; null: not a cheap read, the thread runs it. */
  statement: Database.Statement | null;
  /** A statement that writes (or may): while one is pending outside a transaction, reads wait behind it. */
  writes: boolean;
}

/** Kept per SQL text, as the thread keeps its statements. */
const READ_PLAN_CACHE = 500;

/** A plan step that may read a whole table or sort: not cheap enough for the event loop. */
const COSTLY_STEP = /^(SCAN (?!CONSTANT ROW)|USE TEMP B-TREE)/;

type Answer =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; closed: true }
  | { id: number; error: { message: string; code?: string; name: string } };

type Ready = { ready: true };

/** What one message to the thread carries: a statement, a whole transaction (`script`), or the close. */
type Payload =
  | { sql: string; parameters: readonly unknown[] }
  | { script: readonly { sql: string; parameters: readonly unknown[] }[] }
  | { close: true };

interface Sent {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

interface Queued {
  owner: WorkerConnection;
  sql: string;
  parameters: readonly unknown[];
  /** A whole transaction in one message (`runInOneTransaction`); sql is then only its name. */
  script?: readonly { sql: string; parameters: readonly unknown[] }[];
  /** 'begin' takes the connection for its owner; 'end' (commit, rollback) gives it back once answered. */
  role: 'statement' | 'begin' | 'end';
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** An error SQLite (or the thread) gave back, with SQLite's code when there is one. */
export class SqliteWorkerError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SqliteWorkerError';
  }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

function toRow(row: unknown): unknown {
  // A blob crosses the thread as a plain Uint8Array; callers expect Buffers, as better-sqlite3 gives them.
  if (!row || typeof row !== 'object') return row;
  const record = row as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  return record;
}

/** One generation of the thread: started, ready, maybe dead. */
class Thread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  private readonly sent = new Map<number, Sent>();
  private nextId = 1;
  dead: Error | null = null;
  private opened = false;

  constructor(options: SqliteWorkerOptions, onDeath: (thread: Thread) => void) {
    // Referenced until it has opened (a CLI awaiting its first query must not exit meanwhile), then only while an answer is owed.
    this.worker = new Worker(WORKER_FILE, { workerData: { path: options.path, pragmas: [...(options.pragmas ?? [])] } });
    let opened: (value: void) => void;
    let failed: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    this.ready.catch(() => {}); // observed by whoever sends; never an unhandled rejection
    this.worker.on('message', (message: Answer | Ready) => {
      if ('ready' in message) {
        this.opened = true;
        if (this.sent.size === 0) this.worker.unref();
        return opened();
      }
      const waiter = this.sent.get(message.id);
      if (!waiter) return;
      this.sent.delete(message.id);
      if (this.sent.size === 0 && this.opened) this.worker.unref();
      if ('error' in message) waiter.reject(new SqliteWorkerError(message.error.message, message.error.code));
      else waiter.resolve(message);
    });
    const die = (reason: string) => {
      if (this.dead) return;
      // A thread that dies before it opened the file could not open it (the worker throws SQLite's error).
      this.dead = this.opened
        ? new SqliteWorkerError(`the database thread stopped (${reason}); the statement was not run or not acknowledged`)
        : new SqliteWorkerError(`the database could not be opened: ${reason}`);
      failed(this.dead);
      for (const waiter of this.sent.values()) waiter.reject(this.dead);
      this.sent.clear();
      onDeath(this);
    };
    this.worker.on('error', (error) => die(error.message));
    this.worker.on('exit', (code) => die(`exit code ${code}`));
  }

  send(payload: Payload, waiter: Sent): void {
    if (this.dead) return waiter.reject(this.dead);
    const id = this.nextId++;
    try {
      this.worker.postMessage({ id, ...payload });
    } catch (error) {
      // A value the thread cannot receive (a function, a symbol): refused here, nothing was sent.
      return waiter.reject(
        new SqliteWorkerError(`a query parameter cannot be sent to the database: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    if (this.sent.size === 0) this.worker.ref(); // an answer owed keeps the process alive, as a synchronous call would
    this.sent.set(id, waiter);
  }
}

export class SqliteWorkerDriver implements Driver {
  private thread: Thread | null = null;
  private queue: Queued[] = [];
  private pumping = false;
  private pumpAgain = false;
  /** The connection whose transaction holds the database, from its 'begin' until its end was answered. */
  private holder: WorkerConnection | null = null;
  private ending = false;
  private destroyed = false;
  /** The read-only connection on the event loop (a file database once the thread has opened it). */
  private reader: Database.Database | null = null;
  private readonly plans = new Map<string, ReadPlan>();
  /** Writes issued outside a transaction and not yet answered. */
  private pendingWrites = 0;
  readonly reads: ReadStats = { onLoop: 0, inThread: 0 };

  constructor(private readonly options: SqliteWorkerOptions) {}

  async init(): Promise<void> {
    await this.start().ready;
    if (this.options.readOnLoop === false || this.options.path === ':memory:') return;
    // After the thread opened it: the file exists and is in WAL mode. A read never waits for a lock here.
    this.reader = new Database(this.options.path, { readonly: true, fileMustExist: true });
    this.reader.pragma('busy_timeout = 0');
  }

  /** Runs a statement: a cheap read on the event loop when nothing it must see is pending, else in the thread. */
  async execute(owner: WorkerConnection, sql: string, parameters: readonly unknown[]): Promise<Answer> {
    // Only a SELECT (or WITH … SELECT) may go to the reader; a pragma asks the writer's connection.
    const plan = this.reader && !owner.transacting && /^\s*(select|with)\b/i.test(sql) ? this.plan(sql, parameters) : null;
    if (plan?.statement && this.pendingWrites === 0 && !this.destroyed) {
      const rows = this.readOnLoop(sql, plan, parameters);
      if (rows) return { id: 0, rows };
    }
    const writes = !owner.transacting && (plan?.writes ?? true);
    if (writes) this.pendingWrites += 1;
    else if (plan) this.reads.inThread += 1;
    try {
      return await this.enqueue(owner, sql, 'statement', parameters);
    } finally {
      if (writes) this.pendingWrites -= 1;
    }
  }

  /** The reader's decision for this SQL text: prepared once, with its query plan checked once. */
  private plan(sql: string, parameters: readonly unknown[]): ReadPlan | null {
    const known = this.plans.get(sql);
    if (known) return known;
    let plan: ReadPlan;
    try {
      const statement = this.reader!.prepare(sql);
      if (!statement.reader || !statement.readonly) plan = { statement: null, writes: !statement.readonly };
      else {
        const steps = this.reader!.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as { detail: string }[];
        plan = { statement: steps.some((step) => COSTLY_STEP.test(step.detail)) ? null : statement, writes: false };
      }
    } catch {
      // Not preparable here (a table made after the reader opened it, a bad statement): the thread decides, as a write.
      return null;
    }
    this.plans.set(sql, plan);
    if (this.plans.size > READ_PLAN_CACHE) this.plans.delete(this.plans.keys().next().value!);
    return plan;
  }

  private readOnLoop(sql: string, plan: ReadPlan, parameters: readonly unknown[]): unknown[] | null {
    const started = performance.now();
    let rows: unknown[];
    try {
      rows = plan.statement!.all(...(parameters as unknown[]));
    } catch {
      return null; // busy, or an error the thread will give with its code
    }
    if (performance.now() - started > (this.options.readOnLoopMaxMs ?? 1)) this.plans.set(sql, { statement: null, writes: false });
    this.reads.onLoop += 1;
    return rows;
  }

  private start(): Thread {
    if (this.thread && !this.thread.dead) return this.thread;
    if (this.destroyed) throw new SqliteWorkerError('the database is closed');
    if (this.thread?.dead && this.options.path === ':memory:') {
      throw new SqliteWorkerError('the in-memory database was lost with its thread');
    }
    this.thread = new Thread(this.options, (dead) => this.onDeath(dead));
    return this.thread;
  }

  private onDeath(dead: Thread): void {
    if (this.holder && this.holder.thread === dead) {
      // Its transaction died uncommitted with the connection: only its rollback is left to run (a no-op).
      this.holder.lost = dead.dead;
    }
    this.ending = false;
    this.pump();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WorkerConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // From here until its end, the connection's reads must see its own writes: all of them go to the thread.
    (connection as WorkerConnection).transacting = true;
    // IMMEDIATE: take the write lock at once. Another connection on the same file (a second node, a CLI) then waits
    // its turn in busy_timeout — in the worker, not on the event loop — instead of failing with SQLITE_BUSY when
    // a deferred transaction that has read tries to write after the other committed.
    await this.enqueue(connection as WorkerConnection, 'begin immediate', 'begin', []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.enqueue(connection as WorkerConnection, 'commit', 'end', []);
    (connection as WorkerConnection).transacting = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.enqueue(connection as WorkerConnection, 'rollback', 'end', []);
    (connection as WorkerConnection).transacting = false;
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.enqueue(connection as WorkerConnection, `savepoint ${quoteName(name)}`, 'statement', []);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.enqueue(connection as WorkerConnection, `rollback to ${quoteName(name)}`, 'statement', []);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.enqueue(connection as WorkerConnection, `release ${quoteName(name)}`, 'statement', []);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = connection as WorkerConnection;
    // Released while still holding the database (its begin failed half-way, say): end it, so no one waits forever.
    if (this.holder === own && !this.ending) await this.enqueue(own, 'rollback', 'end', []).catch(() => {});
  }

  async destroy(): Promise<void> {
    if (this.destroyed) return;
    // A statement issued just before reaches the driver after a few promise hops: let them land first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Everything queued before the close still runs (the close waits its turn like any statement).
    const thread = this.thread;
    if (thread && !thread.dead) {
      await new Promise<void>((resolve) => {
        this.queue.push({
          owner: CLOSER,
          sql: '',
          parameters: [],
          role: 'statement',
          resolve: () => resolve(),
          reject: () => resolve(),
        });
        this.pump();
      });
    }
    this.destroyed = true;
    this.plans.clear();
    this.reader?.close();
    this.reader = null;
    if (thread) await thread.worker.terminate();
  }

  /**
   * Runs these statements in ONE transaction in the thread, in one message: one hop instead of one per
   * statement plus begin and commit. It waits its turn like a transaction (never inside another's), resolves
   * once committed (durable, as any commit) and rejects with SQLite's error after rolling everything back.
   * Like a transaction's, its writes are not seen by a read before it is answered.
   */
  runInOneTransaction(statements: readonly { sql: string; parameters: readonly unknown[] }[]): Promise<void> {
    if (this.destroyed) return Promise.reject(new SqliteWorkerError('the database is closed'));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ owner: new WorkerConnection(this), sql: 'script', parameters: [], script: statements, role: 'statement', resolve: () => resolve(), reject });
      this.pump();
    });
  }

  /** Stops the thread abruptly, as a crash would (tests of what survives one). */
  async crashForTest(): Promise<void> {
    await this.thread?.worker.terminate();
  }

  enqueue(owner: WorkerConnection, sql: string, role: Queued['role'], parameters: readonly unknown[]): Promise<Answer> {
    if (owner.lost) {
      // The thread that held this transaction is gone with its uncommitted part: a rollback has nothing left to do.
      if (role === 'end' && sql === 'rollback') {
        this.finishHold(owner);
        return Promise.resolve({ id: 0, changes: 0, lastInsertRowid: 0 });
      }
      return Promise.reject(owner.lost);
    }
    if (this.destroyed) return Promise.reject(new SqliteWorkerError('the database is closed'));
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ owner, sql, parameters, role, resolve, reject });
      this.pump();
    });
  }

  private finishHold(owner: WorkerConnection): void {
    if (this.holder !== owner) return;
    this.holder = null;
    this.ending = false;
    owner.thread = null;
    owner.lost = null;
    this.pump();
  }

  /** Sends what may go now, in order: anything while no transaction is open, only the holder's while one is. */
  private pump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        const queue = this.queue;
        const waiting: Queued[] = [];
        let i = 0;
        for (; i < queue.length && !this.ending; i += 1) {
          const item = queue[i]!;
          if (this.holder && item.owner !== this.holder) waiting.push(item);
          else this.dispatch(item);
        }
        // What waits keeps its place ahead of what came after it.
        this.queue = i < queue.length ? waiting.concat(queue.slice(i)) : waiting;
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }

  private dispatch(item: Queued): void {
    let thread: Thread;
    try {
      thread = this.start();
    } catch (error) {
      item.reject(error as Error);
      return;
    }
    if (item.owner === CLOSER) return this.send(thread, { close: true }, item);
    if (item.script) return this.send(thread, { script: item.script }, item);
    if (item.role === 'begin') {
      this.holder = item.owner;
      item.owner.thread = thread;
    } else if (item.role === 'end') {
      this.ending = true;
    } else if (this.holder && item.owner.thread !== thread) {
      item.reject(item.owner.lost ?? new SqliteWorkerError('the database thread stopped inside this transaction'));
      return;
    }
    this.send(thread, { sql: item.sql, parameters: item.parameters }, item);
  }

  private send(thread: Thread, payload: Payload, item: Queued): void {
    thread.send(payload, {
      resolve: (answer) => {
        if (item.role === 'end') this.finishHold(item.owner);
        item.resolve(answer);
      },
      reject: (error) => {
        if (item.role === 'begin' && this.holder === item.owner) {
          // No transaction was opened: give the database back.
          this.holder = null;
          item.owner.thread = null;
          this.pump();
        } else if (item.role === 'end') {
          if (item.sql === 'rollback' || thread.dead) this.finishHold(item.owner);
          else {
            // A refused commit leaves the transaction open: its owner still holds it, and rolls back next.
            this.ending = false;
            this.pump();
          }
        }
        item.reject(error);
      },
    });
  }
}

/** The close message's owner: never a transaction. */
const CLOSER = {} as WorkerConnection;

class WorkerConnection implements DatabaseConnection {
  /** The thread its transaction began on (null outside a transaction). */
  thread: Thread | null = null;
  /** Set when that thread died: the transaction is gone. */
  lost: Error | null = null;
  /** Between its begin and its end (a refused commit leaves it open until the rollback). */
  transacting = false;

  constructor(private readonly driver: SqliteWorkerDriver) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const answer = await this.driver.execute(this, compiledQuery.sql, compiledQuery.parameters);
    if ('rows' in answer) return { rows: answer.rows.map(toRow) as R[] };
    if ('changes' in answer) {
      return {
        numAffectedRows: BigInt(answer.changes),
        insertId: answer.lastInsertRowid === undefined ? undefined : BigInt(answer.lastInsertRowid),
        rows: [],
      };
    }
    return { rows: [] };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; streaming is not offered
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new SqliteWorkerError('streaming is not supported by the SQLite worker driver');
  }
}

/** Kysely's SQLite dialect with the connection in a worker thread. */
export class SqliteWorkerDialect implements Dialect {
  readonly driver: SqliteWorkerDriver;

  constructor(options: SqliteWorkerOptions) {
    this.driver = new SqliteWorkerDriver(options);
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** The worker driver behind each Kysely instance opened on it (connection.ts registers them). */
const WORKER_DRIVERS = new WeakMap<object, SqliteWorkerDriver>();

export function registerWorkerDriver(db: object, driver: SqliteWorkerDriver): void {
  WORKER_DRIVERS.set(db, driver);
}

/** The worker driver of a database opened by `openDatabase` on SQLite in its thread; undefined otherwise. */
export function workerDriverOf(db: object): SqliteWorkerDriver | undefined {
  return WORKER_DRIVERS.get(db);
}
