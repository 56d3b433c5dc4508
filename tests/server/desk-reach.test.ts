/**
 * Reaching the desk and the customer (issue 23): a customer held at the
 * top-up gate reaches the desk (a staff event, and the room says so); a
 * balance change reaches the desk; an order staff decide reaches the customer
 * at their station, whose store lists their orders.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { adminApproveOrder, adminOrders, adminRejectOrder, customerFlags, customerTopUp, myOrders, placeOrder } from '../../src/shared/api/routes.js';
import { staffServerToClientSchemas } from '../../src/shared/socket/staff-events.js';
import { connectStaff, customerAt, eventually } from './store-fixtures.js';
import { connectStation, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

async function desk() {
  const staff = await connectStaff(t.url, t.admin);
  sockets.push(staff.socket);
  return staff.received;
}

describe('the desk hears', () => {
  it('a customer held at the top-up gate: once, with who, where and which gate', async () => {
    const received = await desk();
    await ok(t.url, customerFlags, { params: { username: 'sara' }, body: { requireBalanceTopUp: true }, token: t.admin });
    const pc = await connectStation(t.url, 3);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const event = await eventually(() => received.find((r) => r.event === 'customerAtGate'), 5000);
    expect(staffServerToClientSchemas.customerAtGate.parse(event.payload)).toMatchObject({
      sessionId: sara.sessionId,
      username: 'sara',
      stationId: 'st-03',
      stationNumber: 3,
      gate: 'top_up',
    });
    await new Promise((r) => setTimeout(r, 1500)); // more room ticks: told once
    expect(received.filter((r) => r.event === 'customerAtGate')).toHaveLength(1);
    pc.close();
  });

  it('every balance change, with who moved what', async () => {
    const received = await desk();
    await ok(t.url, customerTopUp, { params: { username: 'ali' }, body: { amount: 2500, method: 'card' }, token: t.admin });
    const event = await eventually(() => received.find((r) => r.event === 'balanceChanged'));
    const payload = staffServerToClientSchemas.balanceChanged.parse(event.payload);
    const ali = await t.server.db.selectFrom('users').select(['id', 'balance', 'protected_balance']).where('username', '=', 'ali').executeTakeFirstOrThrow();
    expect(payload).toEqual({ userId: ali.id, username: 'ali', kind: 'top_up', amount: 2500, balance: ali.balance, freeBalance: ali.protected_balance });
  });
});

describe('the customer hears', () => {
  it('staff approving or rejecting their order, at their station; their store lists their orders', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token });
    await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token });
    const pending = await ok(t.url, myOrders, { token: ali.token });
    expect(pending.data.map((o) => o.status)).toEqual(['pending', 'pending']);
    const [second, first] = await ok(t.url, adminOrders, { token: t.admin });
    await ok(t.url, adminApproveOrder, { params: { id: first!.id }, token: t.admin });
    const approved = await ali.socket.next('orderUpdated');
    expect(approved).toMatchObject({ id: first!.id, status: 'approved', credit: first!.credit, price: first!.price });
    await ok(t.url, adminRejectOrder, { params: { id: second!.id }, body: { reason: 'out of stock' }, token: t.admin });
    expect(await ali.socket.next('orderUpdated')).toMatchObject({ id: second!.id, status: 'rejected', rejectReason: 'out of stock' });
    const after = await ok(t.url, myOrders, { token: ali.token });
    expect(after.data.map((o) => [o.id, o.status])).toEqual([
      [second!.id, 'rejected'],
      [first!.id, 'approved'],
    ]);
    ali.socket.close();
  });
});
