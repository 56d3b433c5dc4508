/** SPEC §2/§7/§8 store: load the offers, ask, order; 'Failed to load offers', 'Failed to place order'. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerOffers, placeOrder } from '../../../src/shared/api/profile.js';
import type { Offer } from '../../../src/shared/entities.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import type { AnnounceOrder } from '../../../src/renderer/store/orderNotice.js';
import { StoreService } from '../../../src/renderer/store/storeService.js';
import { INITIAL_STORE_STATE, useOffersStore } from '../../../src/renderer/store/storeStore.js';
import { silentLog } from '../support/fakes.js';

const OFFER: Offer = {
  id: 'of-1',
  name: '10% bonus credit',
  description: '',
  offerType: 'credit_bonus',
  minimumPurchase: 10_000,
  discountAmount: null,
  discountPercentage: 10,
  maximumDiscount: null,
};

function setup(call: (route: unknown, options?: unknown) => Promise<unknown>) {
  const api = { call: vi.fn(call) };
  const notify = { success: vi.fn(), error: vi.fn() };
  const announce = vi.fn<AnnounceOrder>();
  return { api, notify, announce, service: new StoreService({ api: api as never, notify, announce, log: silentLog }) };
}

describe('store (SPEC §2 Store)', () => {
  beforeEach(() => useOffersStore.setState({ ...INITIAL_STORE_STATE }));

  it('loads the offers, asks before ordering, and orders the confirmed offer once', async () => {
    const { api, notify, service } = setup((route) =>
      Promise.resolve(route === customerOffers ? { success: true, data: [OFFER] } : { success: true }),
    );
    await service.load();
    expect(useOffersStore.getState()).toMatchObject({ status: 'loaded', offers: [OFFER] });
    service.askToOrder(OFFER);
    expect(useOffersStore.getState().confirming).toEqual(OFFER);
    const [first, second] = await Promise.all([service.confirmOrder(), service.confirmOrder()]);
    expect([first, second]).toEqual([true, false]);
    expect(api.call).toHaveBeenCalledWith(placeOrder, { body: { offerId: 'of-1' } });
    expect(api.call.mock.calls.filter(([route]) => route === placeOrder)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('store.ordered');
    expect(useOffersStore.getState()).toMatchObject({ confirming: null, ordering: false });
  });

  it("a failed load says 'Failed to load offers'", async () => {
    const { notify, service } = setup(() => Promise.reject(new ApiError('Network Error', 'network')));
    await service.load();
    expect(useOffersStore.getState().status).toBe('error');
    expect(notify.error).toHaveBeenCalledWith('error.orders.load');
  });

  it("a failed order says 'Failed to place order' (or the server's own reason) and keeps the dialog", async () => {
    const { notify, service } = setup(() => Promise.reject(new ApiError('Internal', 'http', 500)));
    service.askToOrder(OFFER);
    expect(await service.confirmOrder()).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('error.orders.place');
    expect(useOffersStore.getState().confirming).toEqual(OFFER);

    const refused = setup(() => Promise.reject(new ApiError('Bad', 'http', 400, 'Bad Request', 'This offer is no longer available.')));
    refused.service.askToOrder(OFFER);
    await refused.service.confirmOrder();
    expect(refused.notify.error).toHaveBeenCalledWith({ text: 'This offer is no longer available.' });
  });

  it('cancel closes the dialog, except while the order is on its way', () => {
    const { service } = setup(() => new Promise(() => undefined));
    service.askToOrder(OFFER);
    service.cancelOrder();
    expect(useOffersStore.getState().confirming).toBeNull();
    service.askToOrder(OFFER);
    void service.confirmOrder();
    service.cancelOrder();
    expect(useOffersStore.getState().confirming).toEqual(OFFER);
  });
});

describe('the customer’s own orders (issue 23, our server only)', () => {
  beforeEach(() => useOffersStore.setState({ ...INITIAL_STORE_STATE }));
  const PENDING = { id: 7, offerName: '10% bonus credit', status: 'pending' as const, price: 10_000, credit: 11_000, createdAt: '2026-11-27T09:00:00Z', decidedAt: null, rejectReason: null };

  it('lists them, and a decision by staff replaces the pending one and tells the customer as a notification', async () => {
    const { announce, notify, service } = setup(() => Promise.resolve({ success: true, data: [PENDING] }));
    await service.loadMyOrders();
    expect(useOffersStore.getState().myOrders).toEqual([PENDING]);
    const approved = { ...PENDING, status: 'approved' as const, decidedAt: '2026-11-27T09:05:00Z' };
    service.orderDecided(approved);
    expect(useOffersStore.getState().myOrders.map((o) => o.status)).toEqual(['approved']);
    expect(announce).toHaveBeenCalledWith({
      type: 'status_change',
      tone: 'positive',
      title: { key: 'orders.notice.approved' },
      message: { key: 'orders.notice.credit', values: { name: '10% bonus credit', credit: '11,000' } },
      data: { kind: 'offer_order', order: approved },
    });
    const rejected = { ...PENDING, id: 8, status: 'rejected' as const, rejectReason: 'out of stock' };
    service.orderDecided(rejected);
    expect(announce).toHaveBeenLastCalledWith({
      type: 'status_change',
      tone: 'negative',
      title: { key: 'orders.notice.rejected' },
      message: { key: 'orders.notice.reason', values: { name: '10% bonus credit', reason: 'out of stock' } },
      data: { kind: 'offer_order', order: rejected },
    });
    // Told once, in the bell: not a second toast beside the notification's own.
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('the same decision heard twice (a replay after a reconnection) is told once; a refusal without a reason says where to ask', () => {
    const { announce, service } = setup(() => Promise.resolve({ success: true, data: [] }));
    const approved = { ...PENDING, status: 'approved' as const, decidedAt: '2026-11-27T09:05:00Z' };
    service.orderDecided(approved);
    service.orderDecided(approved);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(useOffersStore.getState().myOrders).toEqual([approved]);
    service.orderDecided({ ...PENDING, id: 9, status: 'rejected', rejectReason: '  ' });
    expect(announce).toHaveBeenLastCalledWith(expect.objectContaining({ message: { key: 'orders.notice.noReason', values: { name: '10% bonus credit' } } }));
    // A pending order is no news.
    service.orderDecided({ ...PENDING, id: 10 });
    expect(announce).toHaveBeenCalledTimes(2);
  });

  it('a server without the list (the SPEC has none) leaves it empty and says nothing', async () => {
    const { notify, service } = setup(() => Promise.reject(new ApiError('not found', 'http', 404)));
    await service.loadMyOrders();
    expect(useOffersStore.getState().myOrders).toEqual([]);
    expect(notify.error).not.toHaveBeenCalled();
  });
});
