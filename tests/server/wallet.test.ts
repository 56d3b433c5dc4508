/**
 * One wallet (issue 21): every coin through it, each movement a ledger line
 * with its kind, staff money in exactly one shift report (an unattended bucket
 * when no shift is open), the owner's limits, and the ledger as the truth
 * (verify-ledger). Runs on SQLite and on PostgreSQL (node-pg).
 */
import { describe, expect, it } from 'vitest';
import { prepaidCodeHash } from '../../src/server/prepaid/rules.js';
import {
  adminApproveOrder,
  closeShift,
  customerRefund,
  customerTopUp,
  openShift,
  placeOrder,
  redeemPrepaid,
  setWalletLimits,
  shiftReport,
  walletLimits,
} from '../../src/shared/api/routes.js';
import { walletText, WALLET_TEXTS } from '../../src/shared/wallet.js';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { verifyLedger } from '../../src/server/wallet/service.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const owner = () => ownerConsole(t.url, t.clock.now());

const desk = () => deskConsole(t.url);

const balanceOf = async (username: string) =>
  (await t.server.db.selectFrom('users').select(['balance', 'protected_balance']).where('username', '=', username).executeTakeFirstOrThrow()).balance;

const linesOf = (username: string) =>
  t.server.db
    .selectFrom('balance_ledger as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.amount', 'l.kind', 'l.bucket', 'l.shift_id', 'l.unattended', 'l.session_id', 'l.order_id'])
    .where('u.username', '=', username)
    .orderBy('l.id')
    .execute();

describe('cash stays in the drawer (attacks of issue 21)', () => {
  it('one top-up cannot add 10,000,000 IQD: the owner’s limit refuses it, with its code, and nothing moves', async () => {
    const c = await desk();
    const before = await balanceOf('sara');
    const reply = await c.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 10_000_000, method: 'cash' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'wallet.actionLimit', limit: 1_000_000, message: walletText('en', 'wallet.actionLimit', 1_000_000) });
    expect(await balanceOf('sara')).toBe(before);
    expect((await linesOf('sara')).filter((l) => l.kind === 'top_up')).toEqual([]);
  });

  it('a 9,000,000 IQD top-up with no shift open is not lost: the next shift adopts it by name and counts the cash', async () => {
    const o = await owner();
    expect((await o.call(setWalletLimits, { body: { actionMax: 10_000_000, shiftMax: 50_000_000 } })).status).toBe(200);
    const c = await desk();
    // No shift is open.
    expect((await c.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 9_000_000, method: 'cash' } })).status).toBe(200);
    const [line] = (await linesOf('sara')).filter((l) => l.kind === 'top_up');
    expect(line).toMatchObject({ amount: 9_000_000, shift_id: null, unattended: 1 });

    await t.clock.advance(60_000);
    const opened = openShift.response.parse((await c.call(openShift, { body: { openingFloat: 0 } })).body);
    const report = closeShift.response.parse((await c.call(closeShift, { body: { countedCash: 0 } })).body);
    expect(report.shift.id).toBe(opened.id);
    expect(report.topUps).toEqual({ cash: 9_000_000, card: 0, count: 1 });
    expect(report.expectedCash).toBe(9_000_000);
    expect(report.difference).toBe(-9_000_000);
    expect(report.unattended).toEqual([{ staff: DEMO_STAFF.username, kind: 'top_up', method: 'cash', amount: 9_000_000, at: expect.any(String) }]);

    // In exactly one report: the next shift does not count it again.
    await c.call(openShift, { body: { openingFloat: 0 } });
    const next = closeShift.response.parse((await c.call(closeShift, { body: { countedCash: 0 } })).body);
    expect(next.topUps).toEqual({ cash: 0, card: 0, count: 0 });
    expect(next.unattended).toEqual([]);
    const again = shiftReport.response.parse((await c.call(shiftReport, { params: { id: opened.id } })).body);
    expect(again.topUps.cash).toBe(9_000_000);
  });

  it('a shift cannot credit past the owner’s per-shift limit; refunds still go through', async () => {
    const o = await owner();
    await o.call(setWalletLimits, { body: { actionMax: 5000, shiftMax: 8000 } });
    const c = await desk();
    await c.call(openShift, { body: { openingFloat: 0 } });
    expect((await c.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 5000, method: 'cash' } })).status).toBe(200);
    const over = await c.call(customerTopUp, { params: { username: 'ali' }, body: { amount: 3001, method: 'card' } });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'wallet.shiftLimit', limit: 8000 });
    expect((await c.call(customerTopUp, { params: { username: 'ali' }, body: { amount: 3000, method: 'card' } })).status).toBe(200);
    expect((await o.call(customerRefund, { params: { username: 'ali' }, body: { amount: 500, reason: 'PC crashed' } })).status).toBe(200);
    const tooBig = await o.call(customerRefund, { params: { username: 'ali' }, body: { amount: 5001, reason: 'too much' } });
    expect(tooBig.body).toMatchObject({ code: 'wallet.actionLimit', limit: 5000 });
  });

  it('staff read the limits; only the owner sets them', async () => {
    const c = await desk();
    expect(walletLimits.response.parse((await c.call(walletLimits)).body)).toEqual({ actionMax: 1_000_000, shiftMax: 20_000_000 });
    expect((await c.call(setWalletLimits, { body: { actionMax: 1, shiftMax: 1 } })).status).toBe(403);
    const o = await owner();
    expect((await o.call(setWalletLimits, { body: { actionMax: 0, shiftMax: 1 } })).status).toBe(400);
    expect(walletLimits.response.parse((await o.call(walletLimits)).body)).toEqual({ actionMax: 1_000_000, shiftMax: 20_000_000 });
  });

  it('every limit message has its Arabic text', () => {
    expect(Object.keys(WALLET_TEXTS.ar).sort()).toEqual(Object.keys(WALLET_TEXTS.en).sort());
    for (const text of Object.values(WALLET_TEXTS.ar)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('every coin through the wallet', () => {
  it('an approved order is an offer_order line in the shift; a redeem settles the running session first', async () => {
    const c = await desk();
    const shift = openShift.response.parse((await c.call(openShift, { body: { openingFloat: 0 } })).body);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const offers = await t.server.db.selectFrom('offers').select('id').where('is_active', '=', 1).orderBy('created_at').execute();
    await ok(t.url, placeOrder, { body: { offerId: offers[0]!.id }, token: sara.accessToken });
    const order = await t.server.db.selectFrom('offer_orders').select('id').executeTakeFirstOrThrow();
    expect((await c.call(adminApproveOrder, { params: { id: order.id } })).status).toBe(200);

    await t.clock.advance(5 * 60_000);
    await t.server.db
      .insertInto('prepaid_cards')
      .values({ code_hash: prepaidCodeHash('RC-WALL-ET00-0001'), amount: 1000, redeemed_by: null, redeemed_at: null, created_at: new Date(t.clock.now()).toISOString() })
      .execute();
    await ok(t.url, redeemPrepaid, { body: { code: 'RC-WALL-ET00-0001' }, token: sara.accessToken });

    const lines = await linesOf('sara');
    const kinds = lines.map((l) => l.kind);
    expect(kinds[0]).toBe('opening');
    expect(lines.find((l) => l.kind === 'offer_order')).toMatchObject({ order_id: order.id, shift_id: shift.id, unattended: 0 });
    // The five minutes played were charged (a session line) before the card's credit.
    const prepaidAt = kinds.indexOf('prepaid');
    expect(kinds.slice(0, prepaidAt)).toContain('session');
    const session = await t.server.db.selectFrom('client_sessions').selectAll().where('user_id', '=', sara.user.id).executeTakeFirstOrThrow();
    const charged = lines.filter((l) => l.session_id === session.id).reduce((sum, l) => sum - l.amount, 0);
    expect(charged).toBe(session.amount_charged);
    expect(charged).toBeGreaterThan(0);
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);
  });

  it('verify-ledger: the seeded cafe holds; a balance written behind the wallet’s back is reported', async () => {
    expect(await verifyLedger(t.server.db)).toEqual({ checked: expect.any(Number), mismatches: [] });
    await t.server.db.updateTable('users').set({ balance: 123_456 }).where('username', '=', 'ali').execute();
    const report = await verifyLedger(t.server.db);
    expect(report.mismatches).toEqual([expect.objectContaining({ username: 'ali', balance: 123_456 })]);
    expect(report.mismatches[0]!.ledgerPaid).not.toBe(123_456);
  });
});
