/**
 * A shift under fire (issue 21): a compressed cafe day on two server nodes
 * sharing one database (SQLite file in the node project, PostgreSQL in
 * node-pg) — customers log in and move between stations, staff top up on both
 * nodes at once, orders are placed and approved from both nodes racing,
 * prepaid cards are redeemed, the owner refunds, a shift closes, money is
 * taken with no shift open, the next shift opens on the other node, and
 * billing runs every clock minute. At the end every ledger sums to its
 * balance, every session's charges are its ledger lines and no millisecond is
 * billed twice or skipped, every staff movement is in exactly one shift
 * report, and the shift reports add up to the ledger.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { prepaidCodeHash } from '../../src/server/prepaid/rules.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminApproveOrder,
  closeShift,
  customerRefund,
  customerTopUp,
  login,
  openShift,
  placeOrder,
  redeemPrepaid,
  shiftList,
  shiftReport,
} from '../../src/shared/api/routes.js';
import type { Db } from '../../src/server/db/schema.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { demoMac } from '../../src/server/seed/demo.js';
import { owedFor } from '../../src/server/sessions/billing.js';
import { STAFF_KINDS } from '../../src/server/wallet/rules.js';
import { verifyLedger } from '../../src/server/wallet/service.js';
import { ConsoleClient, totpNow } from '../support/console-client.js';
import { freshDatabaseUrl, testingOnPostgres } from '../support/postgres.js';
import { api, startServer, stationCredential, type TestServer } from './support/harness.js';

let dir: string;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-fire-'));
  const dbPath = testingOnPostgres() ? await freshDatabaseUrl() : join(dir, 'cafe.sqlite');
  a = await startServer({ dbPath });
  b = await startServer({ dbPath });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(node: TestServer, who: { username: string; password: string }, totp: boolean): Promise<ConsoleClient> {
  const c = new ConsoleClient(node.url);
  const reply = await c.signIn(who.username, who.password, totp ? totpNow(undefined, node.clock.now()) : undefined);
  expect(reply.status).toBe(200);
  return c;
}

/** Both nodes' clocks move together (one cafe, one time); each node's billing loop ticks on its own clock. */
const advance = async (ms: number) => {
  for (let done = 0; done < ms; done += 30_000) await Promise.all([a.clock.advance(30_000), b.clock.advance(30_000)]);
};

async function customerLogin(username: string, password: string, stationNumber: number): Promise<string> {
  // Node B enrolled the stations last: its credentials are the valid ones on both nodes.
  const reply = await api(b.url, login.method, login.path, {
    body: { username, password, macAddress: demoMac(stationNumber) },
    credential: stationCredential(b.url, stationNumber),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as { accessToken: string }).accessToken;
}

async function checkTheDay(db: Db) {
  // 1. Every ledger sums to its balance.
  expect((await verifyLedger(db)).mismatches).toEqual([]);

  // 2. Billing: each session's charges are its ledger lines, what its time costs, and its time is billed exactly once.
  const sessions = await db.selectFrom('client_sessions').selectAll().where('is_guest', '=', 0).execute();
  const charges = await db
    .selectFrom('balance_ledger')
    .select(['session_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('kind', '=', 'session')
    .groupBy('session_id')
    .execute();
  const charged = new Map(charges.map((c) => [c.session_id, -Number(c.total)]));
  expect(sessions.length).toBeGreaterThan(5);
  for (const s of sessions) {
    expect(charged.get(s.id) ?? 0, s.id).toBe(s.amount_charged);
    if (s.hourly_rate > 0 && s.ended_at && s.end_reason !== 'balance_exhausted') {
      expect(s.amount_charged, s.id).toBe(owedFor(s.hourly_rate, s.billed_ms, true));
    }
    // Not a millisecond billed twice or skipped: the billed time is the time from start to the last charge.
    expect(s.billed_ms, s.id).toBe(Date.parse(s.last_billed_at) - Date.parse(s.started_at));
  }

  // 3. Every staff movement is in exactly one shift report (or waits, unattended, for the next shift).
  const staffLines = await db.selectFrom('balance_ledger').select(['amount', 'kind', 'payment_method', 'shift_id', 'unattended']).where('kind', 'in', [...STAFF_KINDS]).execute();
  const owner = await signIn(a, DEMO_OWNER, true);
  const shifts = shiftList.response.parse((await owner.call(shiftList)).body);
  const reports = await Promise.all(shifts.map(async (s) => shiftReport.response.parse((await owner.call(shiftReport, { params: { id: s.id } })).body)));
  const inReports = reports.flatMap((r) => r.movements ?? []);
  const waiting = staffLines.filter((l) => l.shift_id === null);
  expect(waiting.every((l) => l.unattended === 1)).toBe(true);
  expect(inReports.reduce((n, m) => n + m.count, 0) + waiting.length).toBe(staffLines.length);

  // 4. The shift reports add up to the ledger: money by kind, and the cash the drawers should hold.
  const byKind = (rows: { kind: string | null; amount?: number; total?: number }[]) => {
    const out: Record<string, number> = {};
    for (const r of rows) out[r.kind ?? '?'] = (out[r.kind ?? '?'] ?? 0) + (r.amount ?? r.total ?? 0);
    return out;
  };
  expect(byKind(inReports)).toEqual(byKind(staffLines.filter((l) => l.shift_id !== null)));
  const cashTopUps = staffLines.filter((l) => l.shift_id !== null && l.kind === 'top_up' && l.payment_method === 'cash').reduce((n, l) => n + l.amount, 0);
  const refunds = staffLines.filter((l) => l.shift_id !== null && l.kind === 'refund').reduce((n, l) => n - l.amount, 0);
  const orderCash = await db
    .selectFrom('offer_orders as o')
    .innerJoin('balance_ledger as l', 'l.order_id', 'o.id')
    .select((eb) => eb.fn.sum<number>('o.price').as('total'))
    .where('l.shift_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const floats = reports.reduce((n, r) => n + r.shift.openingFloat, 0);
  expect(reports.reduce((n, r) => n + r.expectedCash, 0)).toBe(floats + cashTopUps + Number(orderCash.total ?? 0) - refunds);
  return { shifts: reports.length, sessions: sessions.length, lines: staffLines.length };
}

it('a compressed day on two nodes: the ledger, the billing and the shift reports agree', async () => {
  const desk = await signIn(a, DEMO_STAFF, false);
  const owner = await signIn(b, DEMO_OWNER, true);
  expect((await desk.call(openShift, { body: { openingFloat: 50_000 } })).status).toBe(200);
  const db = a.server.db;
  const cards = Array.from({ length: 6 }, (_, i) => `RC-FIRE-0000-000${i}`);
  await db
    .insertInto('prepaid_cards')
    .values(cards.map((code) => ({ code_hash: prepaidCodeHash(code), amount: 1500, redeemed_by: null, redeemed_at: null, created_at: new Date(a.clock.now()).toISOString() })))
    .execute();

  for (let round = 0; round < 6; round++) {
    // Customers sit down (a new station ends the old session), some at once.
    const [ali, sara] = await Promise.all([customerLogin('ali', 'ali12345', 1 + (round % 4)), customerLogin('sara', 'sara12345', 5 + (round % 4))]);
    await advance(90_000);
    // Staff on both nodes at once: top-ups, a refund, a redeem, an order approved from both nodes racing.
    const ordered = await api(a.url, placeOrder.method, placeOrder.path, { body: { offerId: 'off_bonus10' }, token: sara, credential: null });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const order = await db.selectFrom('offer_orders').select('id').where('status', '=', 'pending').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const moves = await Promise.all([
      desk.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 500 + round, method: 'cash' } }),
      owner.call(customerTopUp, { params: { username: 'ali' }, body: { amount: 700, method: 'card' } }),
      owner.call(customerRefund, { params: { username: 'ali' }, body: { amount: 100, reason: `round ${round}` } }),
      api(b.url, redeemPrepaid.method, redeemPrepaid.path, { body: { code: cards[round] }, token: ali, credential: null }),
      desk.call(adminApproveOrder, { params: { id: order.id } }),
      owner.call(adminApproveOrder, { params: { id: order.id } }),
    ]);
    expect(moves.slice(0, 4).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(moves.slice(4).map((r) => r.status).sort()).toEqual([200, 409]);

    if (round === 2) expect((await desk.call(closeShift, { body: { countedCash: 50_000 } })).status).toBe(200);
    // With no shift open the money still moves, unattended, and the next shift (opened on the other node) adopts it.
    if (round === 4) expect((await owner.call(openShift, { body: { openingFloat: 20_000 } })).status).toBe(200);
    await advance(150_000);
  }
  expect((await owner.call(closeShift, { body: { countedCash: 0 } })).status).toBe(200);
  await advance(60_000);

  const day = await checkTheDay(db);
  expect(day.shifts).toBe(2);
  // Two rounds happened with no shift open: their lines were adopted by the second shift, by name.
  const unattended = await db.selectFrom('balance_ledger').select('shift_id').where('unattended', '=', 1).execute();
  // Per round: two top-ups, a refund, an approval (a redeem is the customer's, not staff money).
  expect(unattended.length).toBe(2 * 4);
  expect(unattended.every((l) => l.shift_id !== null)).toBe(true);
}, 120_000);

