/**
 * Issue 22, item 9: prepaid codes were stored in clear and could be listed
 * again at any time, so anyone who read the database (a backup, a copied
 * file) or a staff screen later held spendable money. Now only the SHA-256 of
 * each code is kept: the codes leave the server once, in the answer that
 * generates the batch (its printable sheet); the batch's listing shows a hint
 * (the last group) and an id; a code typed at a PC is found by its hash; and
 * the migration hashed the codes already stored.
 */
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrations/index.js';
import { prepaidCodeHash } from '../../src/server/prepaid/rules.js';
import { adminToken, call, loginAt, startEnrolledCafe, tokenOf, type Cafe, type Enrolled } from './support.js';
import { testingOnPostgres } from '../support/postgres.js';

const CODE = /RC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/;

describe('attack: prepaid codes read back from the database or the staff listing', () => {
  let cafe: Cafe;
  let st1: Enrolled;
  let owner: string;

  beforeAll(async () => {
    ({ cafe, stations: [st1] } = await startEnrolledCafe([1]));
    owner = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  it('keeps no code in clear: shown once at generation, listed by hint, redeemed by hash', async () => {
    const made = await call(cafe.url, 'POST', '/admin/prepaid-batches', { token: owner, body: { count: 3, amount: 2000 } });
    expect(made.status).toBe(200);
    const { batch, codes, cards } = made.body as { batch: { id: string }; codes: string[]; cards: { id: string; code: string }[] };
    expect(codes).toHaveLength(3);
    expect(cards.map((c) => c.code)).toEqual(codes);

    // Nothing in the database reads like a code, and each card's hash is its code's.
    const rows = cafe.sql.prepare('select * from prepaid_cards').all() as Record<string, unknown>[];
    expect(JSON.stringify(rows)).not.toMatch(CODE);
    const stored = new Set(rows.map((r) => r.code_hash));
    for (const code of codes) expect(stored.has(prepaidCodeHash(code))).toBe(true);

    // Listed again later: hints and ids, never the codes.
    const listed = await call(cafe.url, 'GET', `/admin/prepaid-batches/${batch.id}/cards`, { token: owner });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toMatch(CODE);
    expect((listed.body as { hint: string }[]).map((c) => c.hint).sort()).toEqual(codes.map((c) => `RC-…-${c.slice(-4)}`).sort());

    // A customer types the code (any case, no hyphens): found by its hash, once.
    const ali = tokenOf(await loginAt(cafe.url, st1, 'ali', 'ali12345'));
    const typed = codes[0]!.replace(/-/g, '').toLowerCase();
    expect((await call(cafe.url, 'POST', '/prepaid-cards/redeem', { token: ali, body: { code: typed } })).status).toBe(200);
    expect((await call(cafe.url, 'POST', '/prepaid-cards/redeem', { token: ali, body: { code: codes[0] } })).status).toBe(400);
    // The demo cards (seeded hashed) redeem the same way.
    expect((await call(cafe.url, 'POST', '/prepaid-cards/redeem', { token: ali, body: { code: 'RC-DEMO-1000-0003' } })).status).toBe(200);
    // The owner voids a card from the listing by its id.
    const id = cards[1]!.id;
    expect((await call(cafe.url, 'POST', `/admin/prepaid-cards/${id}/void`, { token: owner })).body).toMatchObject({ success: true, id });
    expect((await call(cafe.url, 'POST', '/prepaid-cards/redeem', { token: ali, body: { code: codes[1] } })).status).toBe(400);
  });
});

describe.skipIf(testingOnPostgres())('the migration hashes the codes already stored', () => {
  it('a card stored in clear before 0020_safety2 is hashed, keeps its hint and is found by its hash', async () => {
    const db = new Kysely<{ prepaid_cards: Record<string, unknown> }>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
      const before = await migrator.migrateTo('0016_pricing');
      expect(before.error).toBeUndefined();
      await db
        .insertInto('prepaid_cards')
        .values({ code: 'RC-OLDC-ARDS-0042', amount: 1000, redeemed_by: null, redeemed_at: null, created_at: '2026-11-01T00:00:00Z' })
        .execute();
      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      const rows = await db.selectFrom('prepaid_cards').selectAll().execute();
      expect(rows).toEqual([expect.objectContaining({ code_hash: prepaidCodeHash('RC-OLDC-ARDS-0042'), code_hint: '0042', amount: 1000 })]);
      expect(JSON.stringify(rows)).not.toMatch(CODE);
    } finally {
      await db.destroy();
    }
  });
});
