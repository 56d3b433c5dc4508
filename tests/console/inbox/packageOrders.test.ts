/**
 * Package orders in the desk inbox (issue 26): they wait beside the offers'
 * orders and count in the title; a new one arrives live and chimes; approval
 * (cash or card) and rejection (with its reason) take it out; a server
 * without package orders leaves the inbox as it was.
 */
import { describe, expect, it } from 'vitest';
import type { PackageOrder } from '../../../src/shared/api/admin-pricing.js';
import { InboxService } from '../../../src/console/inbox/inboxService.js';
import { testCore } from '../support/fakes.js';

const order = (over: Partial<PackageOrder> = {}): PackageOrder => ({
  id: 3, packageId: 'three-hours', packageName: '3 hours', username: 'ali', stationId: 'st-01', status: 'pending', price: 4000,
  createdAt: '2026-11-27T10:00:00Z', decidedAt: null, decidedBy: null, rejectReason: null, takenBy: null, takenAt: null, ...over,
});
const held = { id: 'pkg_1', packageId: 'three-hours', kind: 'time', name: '3 hours', groupIds: null, validFrom: '2026-11-27T10:05:00Z', validUntil: '2026-12-27T10:05:00Z', minutesLeft: 180, price: 4000, soldAt: '2026-11-27T10:05:00Z', method: 'order' };

async function started(packageOrders: object = [order()], status = 200) {
  const t = testCore();
  t.server.on('GET /admin/service-calls', []);
  t.server.on('GET /admin/orders', []);
  t.server.on('GET /admin/package-orders', packageOrders, status);
  t.server.on('GET /admin/reward-claims', []);
  t.server.on('GET /admin/game-accounts', []);
  let chimes = 0;
  const inbox = new InboxService(t.core.http, t.socket, { ...t.page, chime: () => void (chimes += 1) });
  await inbox.start();
  return { ...t, inbox, chimes: () => chimes };
}

describe('package orders in the inbox', () => {
  it('wait and count; a new one arrives live and chimes; approval for card takes it out', async () => {
    const { inbox, server, socket, page, chimes } = await started();
    expect(inbox.store.getState().packageOrders).toEqual([order()]);
    expect(page.waiting.at(-1)).toBe(1);
    socket.emit('packageOrderCreated', order({ id: 4, packageName: 'Night' }));
    expect(inbox.store.getState().packageOrders.map((o) => o.id)).toEqual([4, 3]);
    expect(page.waiting.at(-1)).toBe(2);
    expect(chimes()).toBe(1);

    server.on('POST /admin/package-orders/3/approve', { order: order({ status: 'approved', decidedBy: 'desk' }), package: held });
    await inbox.approvePackageOrder(3, 'card');
    expect(server.requests.find((r) => r.url === '/admin/package-orders/3/approve')?.body).toEqual({ method: 'card' });
    expect(inbox.store.getState().packageOrders.map((o) => o.id)).toEqual([4]);
    // Another console rejected the other one: it leaves here too.
    socket.emit('packageOrderUpdated', order({ id: 4, status: 'rejected', rejectReason: 'Not paid' }));
    expect(inbox.store.getState().packageOrders).toEqual([]);
    expect(page.waiting.at(-1)).toBe(0);
  });

  it('rejecting sends the reason; a refusal keeps the order and shows the server’s words', async () => {
    const { inbox, server } = await started();
    server.on('POST /admin/package-orders/3/approve', { statusCode: 409, error: 'Conflict', message: 'Open a shift first.' }, 409);
    await inbox.approvePackageOrder(3, 'cash');
    expect(inbox.store.getState()).toMatchObject({ error: 'Open a shift first.', packageOrders: [order()] });
    server.on('POST /admin/package-orders/3/reject', order({ status: 'rejected', rejectReason: 'Not paid' }));
    await inbox.rejectPackageOrder(3, 'Not paid');
    expect(server.requests.find((r) => r.url === '/admin/package-orders/3/reject')?.body).toEqual({ reason: 'Not paid' });
    expect(inbox.store.getState().packageOrders).toEqual([]);
  });

  it('"Take it" posts the take and shows who has it; another console’s take arrives live; a lost race shows the server’s words', async () => {
    const { inbox, server, socket } = await started([order(), order({ id: 4, packageName: 'Night' })]);
    server.on('POST /admin/package-orders/3/acknowledge', order({ takenBy: 'desk', takenAt: '2026-11-27T10:01:00Z' }));
    await inbox.takePackageOrder(3);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/admin/package-orders/3/acknowledge' });
    expect(inbox.store.getState().packageOrders.find((o) => o.id === 3)).toMatchObject({ takenBy: 'desk', status: 'pending' });
    socket.emit('packageOrderUpdated', order({ id: 4, packageName: 'Night', takenBy: 'owner', takenAt: '2026-11-27T10:02:00Z' }));
    expect(inbox.store.getState().packageOrders.find((o) => o.id === 4)).toMatchObject({ takenBy: 'owner' });
    server.on('POST /admin/package-orders/4/acknowledge', { statusCode: 409, error: 'Conflict', message: 'This order is already taken by owner.' }, 409);
    await inbox.takePackageOrder(4);
    expect(inbox.store.getState()).toMatchObject({ error: 'This order is already taken by owner.' });
    expect(inbox.store.getState().packageOrders).toHaveLength(2);
  });

  it('a server without package orders (404) leaves the rest of the inbox working', async () => {
    const { inbox } = await started({ statusCode: 404, error: 'Not Found', message: 'no route' }, 404);
    expect(inbox.store.getState()).toMatchObject({ packageOrders: [], error: null });
  });
});
