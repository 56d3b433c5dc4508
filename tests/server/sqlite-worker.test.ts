/**
 * The SQLite connection in a worker thread (issue 27, db/sqlite-worker-driver.ts):
 * the event loop runs while SQLite works; statements reach SQLite in the order
 * they were issued; a transaction has the connection to itself (nothing issued
 * outside it runs inside it, even when its commit is refused); SQLite's
 * refusals and bad parameters come back as clear errors and the connection
 * goes on; a write is acknowledged only once committed (another connection
 * sees it at that moment); and a thread that dies loses no acknowledged write
 * and leaves no one waiting. A write known in full beforehand goes as one
 * transaction in one message (runInOneTransaction): all or nothing, never
 * inside another transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, type Generated } from 'kysely';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../../src/server/db/dialect.js';
import { SqliteWorkerDialect } from '../../src/server/db/sqlite-worker-driver.js';

interface Schema {
  items: { id: Generated<number>; name: string; n: Generated<number> };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

let dir: string;
const open: Kysely<Schema>[] = [];

function connect(path: string): { db: Kysely<Schema>; dialect: SqliteWorkerDialect } {
  const dialect = new SqliteWorkerDialect({
    path,
    pragmas: [...(path === ':memory:' ? [] : ['journal_mode = WAL']), 'synchronous = FULL', 'foreign_keys = ON', 'busy_timeout = 5000'],
  });
  const db = new Kysely<Schema>({ dialect });
  open.push(db);
  return { db, dialect };
}

async function schema(db: Kysely<Schema>): Promise<void> {
  await sql`create table items (id integer primary key autoincrement, name text not null unique, n integer not null default 0)`.execute(db);
  await sql`create table parents (id integer primary key)`.execute(db);
  await sql`create table children (id integer primary key, parent_id integer not null references parents(id))`.execute(db);
}

const names = async (db: Kysely<Schema>) => (await db.selectFrom('items').select('name').orderBy('id').execute()).map((r) => r.name);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-sqlite-worker-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy().catch(() => {})));
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.SPAWNPOINT_TEST_DB === 'postgres')('SQLite in a worker thread', () => {
  it('keeps the event loop running while SQLite works', async () => {
    const { db } = connect(':memory:');
    const order: string[] = [];
    // A statement that keeps SQLite busy for a while: on the main thread, nothing else could run meanwhile.
    const busy = sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`
      .execute(db)
      .then((r) => order.push(`query ${r.rows[0]!.n}`));
    await new Promise<void>((resolve) => setImmediate(resolve));
    order.push('event loop turned');
    await busy;
    expect(order).toEqual(['event loop turned', 'query 3000000']);
  });

  it('runs statements in the order they were issued, without waiting for each answer', async () => {
    const { db } = connect(':memory:');
    await schema(db);
    const issued = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 2
        ? db.updateTable('items').set({ n: sql`n + 1` }).where('name', '=', `item-${i - 1}`).execute()
        : db.insertInto('items').values({ name: `item-${i}`, n: i }).execute(),
    );
    await Promise.all(issued);
    const rows = await db.selectFrom('items').select(['name', 'n']).orderBy('id').execute();
    const expected = Array.from({ length: 200 }, (_, i) => i)
      .filter((i) => i % 3 !== 2)
      .map((i) => ({ name: `item-${i}`, n: i % 3 === 1 && i + 1 < 200 ? i + 1 : i }));
    expect(rows).toEqual(expected);
  });

  it('gives a transaction the connection to itself: what is issued outside waits for its end and is not rolled back with it', async () => {
    const { db } = connect(':memory:');
    await schema(db);
    let outside: Promise<unknown> | undefined;
    const seenInside: string[][] = [];
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'inside' }).execute();
        outside = db.insertInto('items').values({ name: 'outside' }).execute();
        await new Promise((resolve) => setTimeout(resolve, 20)); // the event loop turns; the outside insert is issued
        seenInside.push(await names(trx));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await outside;
    expect(seenInside).toEqual([['inside']]);
    expect(await names(db)).toEqual(['outside']);
  });

  it('runs transactions one after the other, in order, each whole', async () => {
    const { db } = connect(':memory:');
    await schema(db);
    await db.insertInto('items').values({ name: 'counter', n: 0 }).execute();
    // Read, yield, write back: interleaved, two transactions would lose an increment.
    const increments = Array.from({ length: 20 }, () =>
      db.transaction().execute(async (trx) => {
        const { n } = await trx.selectFrom('items').select('n').where('name', '=', 'counter').executeTakeFirstOrThrow();
        await new Promise((resolve) => setImmediate(resolve));
        await trx.updateTable('items').set({ n: n + 1 }).where('name', '=', 'counter').execute();
      }),
    );
    await Promise.all(increments);
    expect((await db.selectFrom('items').select('n').executeTakeFirstOrThrow()).n).toBe(20);
  });

  it("returns SQLite's refusal with its code, refuses a parameter it cannot send, and goes on", async () => {
    const { db } = connect(':memory:');
    await schema(db);
    await db.insertInto('items').values({ name: 'a' }).execute();
    const duplicate = await db.insertInto('items').values({ name: 'a' }).execute().catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect((duplicate as { code?: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(isUniqueViolation(duplicate)).toBe(true);
    await expect(sql`select * from no_such_table`.execute(db)).rejects.toThrow(/no such table: no_such_table/);
    await expect(db.executeQuery(CompiledQuery.raw('select ? as x', [() => 1]))).rejects.toThrow(/cannot be sent to the database/);
    await expect(db.executeQuery(CompiledQuery.raw('select ? as x', [true]))).rejects.toThrow(/can only bind/);
    await db.insertInto('items').values({ name: 'b' }).execute();
    expect(await names(db)).toEqual(['a', 'b']);
  });

  it('keeps the connection while a refused commit is rolled back: a write issued meanwhile survives', async () => {
    const { db } = connect(':memory:');
    await schema(db);
    let outside: Promise<unknown> | undefined;
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await trx.insertInto('children').values({ id: 1, parent_id: 99 }).execute(); // refused only at commit
        outside = db.insertInto('items').values({ name: 'outside' }).execute();
        await new Promise((resolve) => setTimeout(resolve, 20));
      })
      .catch((error: unknown) => error);
    expect(String(failed)).toMatch(/FOREIGN KEY constraint failed/);
    await outside;
    expect(await db.selectFrom('children').selectAll().execute()).toEqual([]);
    expect(await names(db)).toEqual(['outside']);
  });

  it('acknowledges a write only once it is committed, on a synchronous = FULL connection', async () => {
    const file = join(dir, 'cafe.sqlite');
    const { db } = connect(file);
    await schema(db);
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous).toBe(2);
    const reader = new Database(file, { readonly: true });
    try {
      const count = () => (reader.prepare('select count(*) as n from items').get() as { n: number }).n;
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'top-up' }).execute();
        expect(count()).toBe(0); // written, not committed: not there for anyone else
      });
      expect(count()).toBe(1); // the transaction resolved: committed
      await db.insertInto('items').values({ name: 'second' }).execute();
      expect(count()).toBe(2);
    } finally {
      reader.close();
    }
  });

  it('loses no acknowledged write when the thread dies, fails what was in flight, and starts again on the same file', async () => {
    const file = join(dir, 'cafe.sqlite');
    const { db, dialect } = connect(file);
    await schema(db);
    await db.insertInto('items').values({ name: 'acknowledged' }).execute();
    const dying = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'uncommitted' }).execute();
      await dialect.driver.crashForTest();
      await trx.insertInto('items').values({ name: 'after the crash' }).execute();
    });
    await expect(dying).rejects.toThrow(/the database thread stopped/);
    expect(await names(db)).toEqual(['acknowledged']);
    await db.insertInto('items').values({ name: 'next' }).execute();
    expect(await names(db)).toEqual(['acknowledged', 'next']);
  });

  it('says an in-memory database was lost with its thread, instead of handing out an empty one', async () => {
    const { db, dialect } = connect(':memory:');
    await schema(db);
    await dialect.driver.crashForTest();
    await expect(db.selectFrom('items').selectAll().execute()).rejects.toThrow(/in-memory database was lost with its thread/);
  });

  it('runs what was issued before destroy, then refuses with a clear error', async () => {
    const file = join(dir, 'cafe.sqlite');
    const { db } = connect(file);
    await schema(db);
    const last = db.insertInto('items').values({ name: 'last' }).execute();
    await db.destroy();
    await last;
    await expect(db.selectFrom('items').selectAll().execute()).rejects.toThrow(/destroyed|closed/);
    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('select name from items').all()).toEqual([{ name: 'last' }]);
    reader.close();
  });

  it('runs a whole transaction in one message: all committed, or on an error none of it, and the connection goes on', async () => {
    const { db, dialect } = connect(join(dir, 'script.sqlite'));
    await schema(db);
    await db.insertInto('parents').values({ id: 1 }).execute();
    const sent = vi.spyOn(Worker.prototype, 'postMessage');
    const statements = (...queries: { compile(): CompiledQuery }[]) => queries.map((q) => q.compile());
    try {
      await dialect.driver.runInOneTransaction(
        statements(
          db.insertInto('items').values([{ name: 'a' }, { name: 'b' }]),
          db.updateTable('items').set({ n: 7 }).where('name', '=', 'b'),
          db.insertInto('children').values({ id: 1, parent_id: 1 }),
        ),
      );
      expect(sent).toHaveBeenCalledTimes(1); // begin, three statements and the commit: one hop
    } finally {
      sent.mockRestore();
    }
    // Another connection sees it at once: it was committed when the promise resolved.
    const other = new Database(join(dir, 'script.sqlite'), { readonly: true });
    expect(other.prepare('select name, n from items order by id').all()).toEqual([
      { name: 'a', n: 0 },
      { name: 'b', n: 7 },
    ]);
    other.close();
    // A failing statement: the ones before it are rolled back with it, and SQLite's code comes back.
    const failing = dialect.driver.runInOneTransaction(
      statements(db.insertInto('items').values({ name: 'c' }), db.insertInto('children').values({ id: 2, parent_id: 99 })),
    );
    await expect(failing).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(await names(db)).toEqual(['a', 'b']);
    // No transaction was left open: the next write and the next script commit on their own.
    await db.insertInto('items').values({ name: 'd' }).execute();
    await dialect.driver.runInOneTransaction(statements(db.insertInto('items').values({ name: 'e' })));
    expect(await names(db)).toEqual(['a', 'b', 'd', 'e']);
  });

  it('never runs a one-message transaction inside another open transaction', async () => {
    const { db, dialect } = connect(':memory:');
    await schema(db);
    let script: Promise<void> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'inside' }).execute();
        script = dialect.driver.runInOneTransaction([db.insertInto('items').values({ name: 'script' }).compile()]);
        await new Promise((resolve) => setTimeout(resolve, 20)); // the event loop turns; the script is issued
        expect(await names(trx)).toEqual(['inside']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await script;
    expect(await names(db)).toEqual(['script']);
  });

  it('says why a database cannot be opened', async () => {
    const { db } = connect(join(dir, 'missing-folder', 'cafe.sqlite'));
    await expect(db.selectFrom('items').selectAll().execute()).rejects.toThrow(/could not be opened: Cannot open database because the directory does not exist/);
  });
});
