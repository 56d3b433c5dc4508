/**
 * Today tells the truth (issue 23): every figure is computed here again from
 * the ledger (and the inbox's own sources) and compared. Money taken at the
 * counter and play consumed are apart and never added; "Waiting in the inbox"
 * is what the inbox shows.
 */
import { describe, expect, it } from 'vitest';
import {
  adminApproveOrder,
  adminClaims,
  adminGameAccounts,
  adminOrders,
  adminServiceCalls,
  consoleRoom,
  consoleToday,
  customerFlags,
  customerFreeTime,
  customerRefund,
  customerTopUp,
  openShift,
  placeOrder,
  serviceCallClient,
} from '../../src/shared/api/routes.js';
import { roomAlerts } from '../../src/shared/inbox.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { customerAt } from './store-fixtures.js';
import { connectStation, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const total = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('Today, checked against the ledger', () => {
  it('money taken (top-ups, orders, packages by method; refunds) and play consumed are apart, each equal to its ledger lines', async () => {
    const desk = await deskConsole(t.url);
    const owner = await ownerConsole(t.url, t.clock.now());
    await desk.call(openShift, { body: { openingFloat: 0 } });
    await desk.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 5000, method: 'cash' } });
    await desk.call(customerTopUp, { params: { username: 'ali' }, body: { amount: 3000, method: 'card' } });
    await owner.call(customerRefund, { params: { username: 'sara' }, body: { amount: 1000, reason: 'wrong PC' } });
    await owner.call(customerFreeTime, { params: { username: 'sara' }, body: { amount: 500, reason: 'sorry' } });
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token });
    const [order] = await ok(t.url, adminOrders, { token: t.admin });
    expect((await desk.call(adminApproveOrder, { params: { id: order!.id } })).status).toBe(200);
    await t.clock.advance(20 * 60_000); // ali plays 20 minutes: billing takes it from his balance

    const today = consoleToday.response.parse((await desk.call(consoleToday)).body);
    const lines = await t.server.db
      .selectFrom('balance_ledger as l')
      .leftJoin('offer_orders as o', 'o.id', 'l.order_id')
      .select(['l.kind', 'l.payment_method', 'l.bucket', 'l.amount', 'o.price'])
      .where('l.created_at', '>=', today.from!)
      .execute();
    const of = (kind: string, method?: string) => lines.filter((l) => l.kind === kind && (method === undefined || l.payment_method === method));

    expect(today.money!.topUps).toEqual({ cash: total(of('top_up', 'cash').map((l) => l.amount)), card: total(of('top_up', 'card').map((l) => l.amount)) });
    expect(today.money!.topUps).toEqual({ cash: 5000, card: 3000 });
    expect(today.money!.orders.cash).toBe(total(of('offer_order').map((l) => l.price!)));
    expect(today.money!.orders.cash).toBe(order!.price);
    expect(today.money!.packages).toEqual({ cash: total(of('package_sale', 'cash').map((l) => l.amount)), card: total(of('package_sale', 'card').map((l) => l.amount)) });
    expect(today.money!.refunds).toBe(1000);
    expect(today.money!.total).toBe(5000 + 3000 + order!.price - 1000);
    const billed = -total(of('session').map((l) => l.amount));
    expect(billed).toBeGreaterThan(0);
    expect(today.play!.billed).toBe(billed);
    expect(today.play!.fromPaid + today.play!.fromFree).toBe(billed);
    expect(today.play!.freeTimeGiven).toBe(500);
    expect(today.revenue.sessions).toBe(billed);
    expect(today.occupancy).toHaveLength(24);
    expect(today.occupancy[today.currentHour!]).toBe(Math.round(100 / 8));
    expect(today.occupancy.slice(today.currentHour! + 1).every((v) => v === 0)).toBe(true);
    ali.socket.close();
  });

  it('"Waiting in the inbox" equals what the inbox lists: calls, orders, claims, flags and the room’s alerts (a customer at the top-up gate too)', async () => {
    const desk = await deskConsole(t.url);
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token });
    await ok(t.url, serviceCallClient, { body: { type: 'waiter', stationId: ali.stationId, message: 'water please' }, token: ali.token });
    await desk.call(customerFlags, { params: { username: 'sara' }, body: { requireBalanceTopUp: true } });
    const pc2 = await connectStation(t.url, 2);
    await login(t.url, 'sara', 'sara12345', 2);

    const today = consoleToday.response.parse((await desk.call(consoleToday)).body);
    const [calls, orders, claims, accounts, room] = await Promise.all([
      ok(t.url, adminServiceCalls, { token: t.admin }),
      ok(t.url, adminOrders, { token: t.admin, query: { status: 'pending' } }),
      ok(t.url, adminClaims, { token: t.admin, query: { status: 'CLAIMED' } }),
      ok(t.url, adminGameAccounts, { token: t.admin }),
      desk.call(consoleRoom).then((r) => consoleRoom.response.parse(r.body)),
    ]);
    const alerts = roomAlerts(room);
    const inbox = calls.length + orders.length + claims.length + accounts.filter((a) => a.flag !== null).length + alerts.length;
    expect(today.waiting).toMatchObject({ calls: calls.length, orders: orders.length, claims: claims.length, atGate: 1, total: inbox });
    expect(today.waiting!.total).toBe(3);
    expect(alerts).toEqual([expect.objectContaining({ kind: 'at_gate', who: 'sara', gate: 'top_up', stationNumber: 2 })]);
    ali.socket.close();
    pc2.close();
  });
});
