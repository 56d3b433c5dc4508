/** The inbox's actions: approving an order says who now has what, and the order leaves; a refusal keeps it and says why. */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/api/admin-store.js';
import { InboxService } from '../../../src/console/inbox/inboxService.js';
import { testCore } from '../support/fakes.js';

const order = (over: Partial<Order> = {}): Order => ({
  id: 5, offerId: 'off_1', offerName: 'Night pack', offerType: 'fixed_amount_discount', userId: 'usr_1', username: 'ali', stationId: 'st-01',
  status: 'pending', price: 9000, credit: 10000, createdAt: '2026-11-27T10:00:00Z', decidedAt: null, decidedBy: null, rejectReason: null, takenBy: null, takenAt: null, ...over,
});

async function started() {
  const t = testCore();
  t.server.on('GET /admin/service-calls', []);
  t.server.on('GET /admin/orders', [order()]);
  t.server.on('GET /admin/reward-claims', []);
  t.server.on('GET /admin/game-accounts', []);
  const inbox = new InboxService(t.core.http, t.socket, t.page);
  await inbox.start();
  return { ...t, inbox };
}

describe('inbox actions', () => {
  it('loads what waits, asking for pending orders only', async () => {
    const { inbox, server, page } = await started();
    expect(server.requests.find((r) => r.url.startsWith('/admin/orders'))?.url).toBe('/admin/orders?status=pending');
    expect(inbox.store.getState().orders.map((o) => o.id)).toEqual([5]);
    expect(page.waiting.at(-1)).toBe(1);
  });

  it('approving answers who now has which balance and takes the order out', async () => {
    const { inbox, server, page } = await started();
    server.on('POST /admin/orders/5/approve', { order: order({ status: 'approved', decidedBy: 'desk' }), balance: 18000 });
    await expect(inbox.approve(5)).resolves.toEqual({ user: 'ali', balance: 18000 });
    expect(inbox.store.getState().orders).toEqual([]);
    expect(page.waiting.at(-1)).toBe(0);
  });

  it('a refused approval keeps the order and shows the server’s words', async () => {
    const { inbox, server } = await started();
    server.on('POST /admin/orders/5/approve', { statusCode: 409, error: 'Conflict', message: 'Open a shift first.' }, 409);
    await expect(inbox.approve(5)).resolves.toBeUndefined();
    expect(inbox.store.getState()).toMatchObject({ error: 'Open a shift first.' });
    expect(inbox.store.getState().orders).toHaveLength(1);
  });

  it('taking an order says who has it and keeps it waiting; a lost race shows who won and keeps it untaken', async () => {
    const { inbox, server, page } = await started();
    server.on('POST /admin/orders/5/acknowledge', order({ takenBy: 'desk', takenAt: '2026-11-27T10:01:00Z' }));
    await inbox.takeOrder(5);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/admin/orders/5/acknowledge' });
    expect(inbox.store.getState().orders).toEqual([expect.objectContaining({ id: 5, status: 'pending', takenBy: 'desk' })]);
    expect(page.waiting.at(-1)).toBe(1);

    const other = await started();
    other.server.on('POST /admin/orders/5/acknowledge', { statusCode: 409, error: 'Conflict', message: 'This order is already taken by owner.' }, 409);
    await other.inbox.takeOrder(5);
    expect(other.inbox.store.getState()).toMatchObject({ error: 'This order is already taken by owner.' });
    expect(other.inbox.store.getState().orders[0]?.takenBy).toBeNull();
  });

  it('another console taking the order arrives live and shows who has it, with no chime', async () => {
    const { inbox, socket, page } = await started();
    const chimes = page.chimes;
    socket.emit('orderUpdated', order({ takenBy: 'owner', takenAt: '2026-11-27T10:01:00Z' }));
    expect(inbox.store.getState().orders).toEqual([expect.objectContaining({ id: 5, takenBy: 'owner' })]);
    expect(page.chimes).toBe(chimes);
  });

  it('rejecting sends the reason', async () => {
    const { inbox, server } = await started();
    server.on('POST /admin/orders/5/reject', order({ status: 'rejected', rejectReason: 'no cash' }));
    await inbox.reject(5, 'no cash');
    expect(server.requests.at(-1)?.body).toEqual({ reason: 'no cash' });
    expect(inbox.store.getState().orders).toEqual([]);
  });
});
