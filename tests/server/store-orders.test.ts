import { describe, expect, it } from 'vitest';
import {
  adminApproveOrder,
  adminOrders,
  adminRejectOrder,
  adminUpdateOffer,
  orderSchema,
  placeOrder,
} from '../../src/shared/api/routes.js';
import { api, fail, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';
import { connectStaff, customerAt, eventually, guestAt } from './store-fixtures.js';

const t = useServer({ admin: true });

const balanceOf = async (username: string) =>
  (await t.server.db.selectFrom('users').select('balance').where('username', '=', username).executeTakeFirstOrThrow()).balance;
// Order lines only: the ledger also holds every other movement (the seed's opening balances, billing).
const ledger = () => t.server.db.selectFrom('balance_ledger').selectAll().where('kind', '=', 'offer_order').orderBy('id').execute();
const orderRows = () => t.server.db.selectFrom('offer_orders').selectAll().orderBy('id').execute();

async function aliOrders(offerId = 'off_bonus10') {
  const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
  await ok(t.url, placeOrder, { body: { offerId }, token: ali.token });
  const [order] = await ok(t.url, adminOrders, { token: t.admin });
  if (!order) throw new Error('no pending order');
  return { ali, order };
}

describe('POST /offers/orders', () => {
  it('creates a pending order with the price and credit of the shared offer arithmetic', async () => {
    const { ali, order } = await aliOrders('off_bonus10');
    expect(order).toMatchObject({
      offerId: 'off_bonus10',
      offerName: '10% bonus credit',
      offerType: 'credit_bonus',
      userId: ali.userId,
      username: 'ali',
      stationId: 'st-01',
      status: 'pending',
      price: 10_000,
      credit: 11_000,
      decidedAt: null,
    });
    expect(await balanceOf('ali')).toBe(25_000); // nothing until staff approve
  });

  it('refuses guests (403), unknown offers (404) and deactivated ones (400), writing nothing', async () => {
    const guest = await guestAt(t.url, t.admin, 2);
    expect(await fail(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: guest.token })).toMatchObject({
      statusCode: 403,
      message: 'Guests cannot order offers: sign in with your account to order.',
    });
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    expect(await fail(t.url, placeOrder, { body: { offerId: 'off_gold' }, token: ali.token })).toMatchObject({ statusCode: 404, message: 'No offer off_gold.' });
    await ok(t.url, adminUpdateOffer, { params: { id: 'off_night' }, body: { active: false }, token: t.admin });
    expect(await fail(t.url, placeOrder, { body: { offerId: 'off_night' }, token: ali.token })).toMatchObject({
      statusCode: 400,
      message: "The offer 'Night pack' is no longer available.",
    });
    expect(await fail(t.url, placeOrder, { body: { offerId: 'off_bonus10' } })).toMatchObject({ statusCode: 401 });
    expect(await orderRows()).toEqual([]);
  });

  it('keeps at most 3 orders of a customer waiting', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    for (let i = 0; i < 3; i++) await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token });
    expect(await fail(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token })).toMatchObject({ statusCode: 409 });
    expect(await orderRows()).toHaveLength(3);
  });
});

describe('staff approve or reject', () => {
  it('approval credits the balance once, writes the ledger and sends sessionBalanceUpdate to the station', async () => {
    const staff = await connectStaff(t.url, t.admin);
    const { ali, order } = await aliOrders('off_night'); // pay 13,000, get 15,000
    const created = await eventually(() => staff.received.find((r) => r.event === 'orderCreated'));
    expect(orderSchema.parse(created.payload)).toMatchObject({ id: order.id, status: 'pending' });

    const answer = await ok(t.url, adminApproveOrder, { params: { id: order.id }, token: t.admin });
    expect(answer).toMatchObject({ balance: 40_000, order: { id: order.id, status: 'approved', decidedBy: 'admin', price: 13_000, credit: 15_000 } });
    expect(await balanceOf('ali')).toBe(40_000);
    expect(await ledger()).toMatchObject([{ user_id: ali.userId, amount: 15_000, reason: 'offer_order', order_id: order.id }]);
    const update = await ali.socket.next('sessionBalanceUpdate', (p) => p.sessionId === ali.sessionId);
    expect(update.totalUsableBalance).toBe(40_000);
    const decided = await eventually(() => staff.received.find((r) => r.event === 'orderUpdated'));
    expect(orderSchema.parse(decided.payload)).toMatchObject({ id: order.id, status: 'approved' });
    staff.socket.close();

    expect(await fail(t.url, adminApproveOrder, { params: { id: order.id }, token: t.admin })).toMatchObject({
      statusCode: 409,
      message: `Order #${order.id} was already approved by admin: it credits only once.`,
    });
    expect(await balanceOf('ali')).toBe(40_000);
  });

  it('two approvals sent at the same time change the balance exactly once', async () => {
    const { order } = await aliOrders('off_bonus10');
    const approve = () => api(t.url, 'POST', `/admin/orders/${order.id}/approve`, { body: {}, token: t.admin });
    const answers = await Promise.all([approve(), approve(), approve(), approve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await balanceOf('ali')).toBe(25_000 + 11_000);
    expect(await ledger()).toHaveLength(1);
  });

  it('a rejected order keeps its reason and can never be approved', async () => {
    const { ali, order } = await aliOrders('off_bonus10');
    expect(await fail(t.url, adminRejectOrder, { params: { id: order.id }, body: { reason: ' ' }, token: t.admin })).toMatchObject({ statusCode: 400 });
    const rejected = await ok(t.url, adminRejectOrder, { params: { id: order.id }, body: { reason: 'Did not pay at the counter' }, token: t.admin });
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Did not pay at the counter', decidedBy: 'admin' });
    expect(await fail(t.url, adminApproveOrder, { params: { id: order.id }, token: t.admin })).toMatchObject({
      statusCode: 409,
      message: `Order #${order.id} was rejected (Did not pay at the counter): it cannot be approved or rejected again.`,
    });
    expect(await fail(t.url, adminRejectOrder, { params: { id: order.id }, body: { reason: 'again' }, token: t.admin })).toMatchObject({ statusCode: 409 });
    expect(await balanceOf('ali')).toBe(25_000);
    expect(await ledger()).toEqual([]);
    await settle();
    expect(ali.socket.count('sessionBalanceUpdate')).toBe(0);
  });

  it('approval and rejection racing: one wins, and the balance matches the winner', async () => {
    const { order } = await aliOrders('off_bonus10');
    const [approved, rejected] = await Promise.all([
      api(t.url, 'POST', `/admin/orders/${order.id}/approve`, { body: {}, token: t.admin }),
      api(t.url, 'POST', `/admin/orders/${order.id}/reject`, { body: { reason: 'race' }, token: t.admin }),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const [row] = await orderRows();
    expect(await balanceOf('ali')).toBe(row?.status === 'approved' ? 36_000 : 25_000);
    expect(await ledger()).toHaveLength(row?.status === 'approved' ? 1 : 0);
  });

  it('answers 404 for an unknown order and lists by state', async () => {
    expect(await fail(t.url, adminApproveOrder, { params: { id: 4242 }, token: t.admin })).toMatchObject({ statusCode: 404 });
    expect(await fail(t.url, adminApproveOrder, { params: { id: 'x' }, token: t.admin })).toMatchObject({ statusCode: 400 });
    const { order } = await aliOrders('off_bonus10');
    await ok(t.url, adminApproveOrder, { params: { id: order.id }, token: t.admin });
    expect(await ok(t.url, adminOrders, { token: t.admin })).toEqual([]);
    expect((await ok(t.url, adminOrders, { query: { status: 'approved' }, token: t.admin })).map((o) => o.id)).toEqual([order.id]);
  });
});
