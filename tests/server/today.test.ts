/**
 * Today tells the truth (issue 23): every figure is computed here again from
 * the ledger (and the inbox's own sources) and compared. Money taken at the
 * counter and play consumed are apart and never added; "Waiting in the inbox"
 * is what the console's own inbox lists and counts.
 */
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import {
  adminApproveOrder,
  adminOrders,
  adminSetPricing,
  consoleRoom,
  consoleToday,
  customerFlags,
  customerFreeTime,
  customerRefund,
  customerTopUp,
  openShift,
  orderPackage,
  placeOrder,
  serviceCallClient,
} from '../../src/shared/api/routes.js';
import { CONSOLE_COOKIE, type RoomStation } from '../../src/shared/api/console.js';
import { emptyPriceList } from '../../src/shared/pricing/index.js';
import { createHttp } from '../../src/console/core/http.js';
import { InboxService } from '../../src/console/inbox/inboxService.js';
import { count } from '../../src/console/inbox/inboxStore.js';
import { FakeSocket, fakePage } from '../console/support/fakes.js';
import { deskConsole, ownerConsole, type ConsoleClient } from '../support/console-client.js';
import { customerAt } from './store-fixtures.js';
import { connectStation, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
const THREE_HOURS = { id: 'three-hours', name: '3 hours', minutes: 180, price: 4000, groupIds: null, validDays: 30, active: true };

/** The console's inbox as the browser runs it: its HTTP door with the desk's cookie, its reads, the room's alerts. */
async function consoleInbox(desk: ConsoleClient) {
  const http = createHttp(desk.url, (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', `${CONSOLE_COOKIE}=${desk.cookie ?? ''}`);
    headers.set('origin', desk.url);
    return fetch(input, { ...init, headers });
  });
  const socket = new FakeSocket();
  const page = fakePage();
  const inbox = new InboxService(http, socket, page);
  await inbox.start();
  const room = createStore(() => ({ stations: [] as RoomStation[] }));
  inbox.watchRoom(room);
  room.setState({ stations: await http.call(consoleRoom) });
  return { inbox, page, socket };
}

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

  it('"Waiting in the inbox" equals what the console’s inbox lists and badges: calls, an order, a package order, the room’s alerts (a customer at the top-up gate); security alerts in neither', async () => {
    await ok(t.url, adminSetPricing, { body: { ...emptyPriceList(), timePackages: [THREE_HOURS] }, token: t.admin });
    const desk = await deskConsole(t.url);
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token });
    await ok(t.url, orderPackage, { body: { packageId: THREE_HOURS.id }, token: ali.token });
    await ok(t.url, serviceCallClient, { body: { type: 'waiter', stationId: ali.stationId, message: 'water please' }, token: ali.token });
    await desk.call(customerFlags, { params: { username: 'sara' }, body: { requireBalanceTopUp: true } });
    const pc2 = await connectStation(t.url, 2);
    await login(t.url, 'sara', 'sara12345', 2);

    const today = consoleToday.response.parse((await desk.call(consoleToday)).body);
    // The console's own inbox, signed in as the desk: its reads, its room alerts, its badge.
    const { inbox, page, socket } = await consoleInbox(desk);
    const listed = inbox.store.getState();
    expect(listed.calls).toHaveLength(1);
    expect(listed.orders).toHaveLength(1);
    expect(listed.packageOrders.map((o) => o.packageName)).toEqual(['3 hours']);
    expect(listed.alerts).toEqual([expect.objectContaining({ kind: 'at_gate', who: 'sara', gate: 'top_up', stationNumber: 2 })]);
    expect(today.waiting).toMatchObject({
      calls: listed.calls.length,
      orders: listed.orders.length,
      packageOrders: listed.packageOrders.length,
      claims: listed.claims.length,
      flags: listed.flags.length,
      atGate: 1,
      total: count(listed),
    });
    expect(today.waiting!.total).toBe(4);
    expect(page.waiting.at(-1)).toBe(today.waiting!.total);
    // A security alert is listed in the inbox (its toast and chime) but counted in neither figure.
    socket.emit('securityAlert', { kind: 'second_factor_locked', username: 'owner', message: 'locked', at: new Date(t.clock.now()).toISOString() });
    expect(inbox.store.getState().security).toHaveLength(1);
    expect(count(inbox.store.getState())).toBe(today.waiting!.total);
    expect(page.waiting.at(-1)).toBe(today.waiting!.total);
    inbox.stop();
    ali.socket.close();
    pc2.close();
  });
});
