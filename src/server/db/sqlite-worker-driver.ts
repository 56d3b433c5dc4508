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
 * Failures: SQLite's refusal comes back as an Error with SQLite's `code`
 * (`isUniqueViolation` keeps working); a parameter that cannot be sent to the
 * thread is refused at once with a clear error. If the thread itself dies,
 * every statement in flight fails with "the database thread stopped", a
 * transaction open on it can only roll back (SQLite discards its uncommitted
 * part), and — for a file — the next statement starts a new thread on the
 * same file; a `:memory:` database died with its thread and says so.
 */
import { Worker } from 'node:worker_threads';
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
}

type Answer =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; closed: true }
  | { id: number; error: { message: string; code?: string; name: string } };

type Ready = { ready: true };

interface Sent {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

interface Queued {
  owner: WorkerConnection;
  sql: string;
  parameters: readonly unknown[];
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

  send(payload: { sql: string; parameters: readonly unknown[] } | { close: true }, waiter: Sent): void {
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

  constructor(private readonly options: SqliteWorkerOptions) {}

  async init(): Promise<void> {
    await this.start().ready;
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
    // IMMEDIATE: take the write lock at once. Another connection on the same file (a second node, a CLI) then waits
    // its turn in busy_timeout — in the worker, not on the event loop — instead of failing with SQLITE_BUSY when
    // a deferred transaction that has read tries to write after the other committed.
    await this.enqueue(connection as WorkerConnection, 'begin immediate', 'begin', []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.enqueue(connection as WorkerConnection, 'commit', 'end', []);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.enqueue(connection as WorkerConnection, 'rollback', 'end', []);
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
    if (thread) await thread.worker.terminate();
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

  private send(thread: Thread, payload: { sql: string; parameters: readonly unknown[] } | { close: true }, item: Queued): void {
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

  constructor(private readonly driver: SqliteWorkerDriver) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const answer = await this.driver.enqueue(this, compiledQuery.sql, 'statement', compiledQuery.parameters);
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
