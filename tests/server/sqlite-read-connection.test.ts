/**
 * Cheap reads on the event loop (issue 27, db/sqlite-worker-driver.ts): a file
 * database gets a read-only connection on the main thread beside the writer
 * thread. A read is answered there without waiting for a transaction that
 * holds the writer; it still sees every write that was answered, and every
 * write its caller issued before it; what is costly (a full scan, a sort, a
 * read that took long) and what must see a transaction's own writes goes to
 * the thread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteWorkerDialect, type SqliteWorkerOptions } from '../../src/server/db/sqlite-worker-driver.js';

interface Schema {
  items: { id: Generated<number>; name: string; n: Generated<number>; data: Buffer | null };
}

let dir: string;
const open: Kysely<Schema>[] = [];

async function connect(options: Partial<SqliteWorkerOptions> = {}) {
  const dialect = new SqliteWorkerDialect({
    path: join(dir, 'cafe.sqlite'),
    pragmas: ['journal_mode = WAL', 'synchronous = FULL', 'foreign_keys = ON', 'busy_timeout = 5000'],
    ...options,
  });
  const db = new Kysely<Schema>({ dialect });
  open.push(db);
  await sql`create table if not exists items (id integer primary key autoincrement, name text not null unique, n integer not null default 0, data blob)`.execute(db);
  return { db, reads: dialect.driver.reads };
}

const byName = (db: Kysely<Schema>, name: string) => db.selectFrom('items').select(['name', 'n']).where('name', '=', name).executeTakeFirst();

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-sqlite-read-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy().catch(() => {})));
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.SPAWNPOINT_TEST_DB === 'postgres')('SQLite reads on the event loop', () => {
  it('answers a read at once while a transaction holds the writer, from what was committed', async () => {
    const { db, reads } = await connect();
    await db.insertInto('items').values({ name: 'balance', n: 100 }).execute();
    const held = gate();
    const inside = gate();
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ n: 40 }).where('name', '=', 'balance').execute();
      inside.open();
      await held.opened; // the writer stays held until the read outside has its answer
    });
    await inside.opened;
    // Through the thread this read would queue behind the open transaction, which waits for it: it would never answer.
    const seen = await byName(db, 'balance');
    held.open();
    await transaction;
    expect(seen).toEqual({ name: 'balance', n: 100 }); // not the uncommitted 40
    expect(reads.onLoop).toBeGreaterThan(0);
    expect(await byName(db, 'balance')).toEqual({ name: 'balance', n: 40 }); // committed: the next read sees it
  });

  it('a read issued behind a write its caller did not await still sees that write', async () => {
    const { db, reads } = await connect();
    const write = db.insertInto('items').values({ name: 'just-issued', n: 7 }).execute();
    const seen = await byName(db, 'just-issued');
    await write;
    expect(seen).toEqual({ name: 'just-issued', n: 7 });
    expect(reads.inThread).toBe(1);
    expect(reads.onLoop).toBe(0);
  });

  it('a write that was answered is seen by the next read on the loop', async () => {
    const { db, reads } = await connect();
    for (let i = 0; i < 5; i += 1) {
      await db.insertInto('items').values({ name: `item-${i}`, n: i }).execute();
      expect(await byName(db, `item-${i}`)).toEqual({ name: `item-${i}`, n: i });
    }
    expect(reads.onLoop).toBe(5);
  });

  it("a transaction's own reads see its own writes (they run in the thread)", async () => {
    const { db, reads } = await connect();
    const seen = await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'mine', n: 1 }).execute();
      return byName(trx, 'mine');
    });
    expect(seen).toEqual({ name: 'mine', n: 1 });
    expect(reads.onLoop).toBe(0);
  });

  it('sends a full scan or a sort to the thread, and a read that took too long there from then on', async () => {
    const { db, reads } = await connect({ readOnLoopMaxMs: -1 }); // every read counts as too long
    await db.insertInto('items').values({ name: 'a', n: 1 }).execute();
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: 'a' }]); // SCAN items
    expect(await db.selectFrom('items').select('name').where('name', '>', '').orderBy('n').execute()).toEqual([{ name: 'a' }]); // a sort
    expect(reads).toEqual({ onLoop: 0, inThread: 2 });
    await byName(db, 'a'); // by an index: on the loop, once
    await byName(db, 'a'); // it took longer than the limit: the thread
    expect(reads).toEqual({ onLoop: 1, inThread: 3 });
  });

  it('gives the same rows as the thread (blobs as Buffers) and leaves pragmas to the writer', async () => {
    const { db, reads } = await connect();
    await db.insertInto('items').values({ name: 'blob', data: Buffer.from([1, 2, 3]) }).execute();
    const row = await db.selectFrom('items').select(['name', 'data']).where('name', '=', 'blob').executeTakeFirstOrThrow();
    expect(reads.onLoop).toBe(1);
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect([...row.data!]).toEqual([1, 2, 3]);
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]?.journal_mode).toBe('wal');
    expect(reads.onLoop).toBe(1);
  });

  it('never writes through the read connection, and an error still comes from SQLite with its code', async () => {
    const { db, reads } = await connect();
    await db.insertInto('items').values({ name: 'x' }).execute();
    const duplicate = await db.insertInto('items').values({ name: 'x' }).execute().catch((error: unknown) => error);
    expect((duplicate as { code?: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    await expect(sql`select * from items where nope = 1`.execute(db)).rejects.toThrow(/no such column: nope/);
    expect(reads.onLoop).toBe(0);
  });

  it('an in-memory database and readOnLoop: false keep every read in the thread', async () => {
    for (const options of [{ path: ':memory:', pragmas: [] }, { readOnLoop: false }]) {
      const { db, reads } = await connect(options);
      await db.insertInto('items').values({ name: 'only' }).execute().catch(() => undefined);
      await byName(db, 'only');
      expect(reads.onLoop).toBe(0);
    }
  });
});
