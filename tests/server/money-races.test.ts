/**
 * Money under concurrency, across two server nodes on one database: in the
 * node-pg project two processes' worth of servers share one PostgreSQL
 * database (row locks decide), in the node project two servers share one
 * SQLite file (its writer lock decides). Every race has exactly one outcome.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { prepaidCodeHash } from '../../src/server/prepaid/rules.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePath } from '../../src/shared/api/route.js';
import { adminAddBalance, login, redeemPrepaidWithUsername } from '../../src/shared/api/routes.js';
import { isPostgres } from '../../src/server/db/dialect.js';
import { freshDatabaseUrl, testingOnPostgres } from '../support/postgres.js';
import { adminToken, api, startServer, stationCredential, type TestServer } from './support/harness.js';
import { demoMac } from '../../src/server/seed/demo.js';

let dir: string;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-races-'));
  const dbPath = testingOnPostgres() ? await freshDatabaseUrl() : join(dir, 'cafe.sqlite');
  // One after the other: the second finds the demo seed in place.
  a = await startServer({ dbPath });
  b = await startServer({ dbPath });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
});

const balanceOf = async (username: string) =>
  (await a.server.db.selectFrom('users').select('balance').where('username', '=', username).executeTakeFirstOrThrow()).balance;

const redeem = (t: TestServer, code: string) =>
  api(t.url, redeemPrepaidWithUsername.method, redeemPrepaidWithUsername.path, { body: { code, username: 'topup' }, credential: null });

/** Alternates the two nodes. */
const node = (i: number) => (i % 2 === 0 ? a : b);

describe('money races across two nodes', () => {
  it('runs on the database of this project', () => {
    expect(isPostgres(a.server.db)).toBe(testingOnPostgres());
  });

  it('redeems one card exactly once when 12 requests race for it', async () => {
    const before = await balanceOf('topup');
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        redeem(node(i), 'RC-DEMO-5000-0002'),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 400)).toHaveLength(11);
    expect(await balanceOf('topup')).toBe(before + 5000);
    const card = await a.server.db.selectFrom('prepaid_cards').selectAll().where('code_hash', '=', prepaidCodeHash('RC-DEMO-5000-0002')).executeTakeFirstOrThrow();
    expect(card.redeemed_at).not.toBeNull();
  });

  it('loses no credit when one user redeems 10 different cards at once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `RC-RACE-0100-${String(i).padStart(4, '0')}`);
    await a.server.db
      .insertInto('prepaid_cards')
      .values(codes.map((code) => ({ code_hash: prepaidCodeHash(code), amount: 100, redeemed_by: null, redeemed_at: null, created_at: new Date().toISOString() })))
      .execute();
    const before = await balanceOf('topup');
    const replies = await Promise.all(
      codes.map((code, i) => redeem(node(i), code)),
    );
    expect(replies.map((r) => [r.status, r.body])).toEqual(codes.map(() => [200, expect.anything()]));
    expect(await balanceOf('topup')).toBe(before + 1000);
  });

  it('adds every one of 10 concurrent staff top-ups', async () => {
    const tokens = [await adminToken(a.url), await adminToken(b.url)];
    const before = await balanceOf('topup');
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(node(i).url, adminAddBalance.method, routePath(adminAddBalance.path, { username: 'topup' }), {
          body: { amount: 250 },
          token: tokens[i % 2],
          credential: null,
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    expect(await balanceOf('topup')).toBe(before + 2500);
  });

  it('leaves one running session when 6 logins of one user race at one station (409 to retry, never a 500)', async () => {
    // Node B enrolled the stations last: its credentials are the valid ones on both nodes.
    const credential = stationCredential(b.url, 3);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api(node(i).url, login.method, login.path, {
          body: { username: 'ali', password: 'ali12345', macAddress: demoMac(3) },
          credential,
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409), JSON.stringify(replies)).toBe(true);
    expect(statuses).toContain(200);
    const running = await a.server.db
      .selectFrom('client_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.station_id'])
      .where('u.username', '=', 'ali')
      .where('s.ended_at', 'is', null)
      .execute();
    expect(running).toHaveLength(1);
    expect(running[0]?.station_id).toBe('st-03');
  });
});
