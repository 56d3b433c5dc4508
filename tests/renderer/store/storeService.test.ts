/** SPEC §2/§7/§8 store: load the offers, ask, order; 'Failed to load offers', 'Failed to place order'. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerOffers, placeOrder } from '../../../src/shared/api/profile.js';
import type { Offer } from '../../../src/shared/entities.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
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
  return { api, notify, service: new StoreService({ api: api as never, notify, log: silentLog }) };
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

  it('lists them, and a decision by staff replaces the pending one and tells the customer', async () => {
    const { notify, service } = setup(() => Promise.resolve({ success: true, data: [PENDING] }));
    await service.loadMyOrders();
    expect(useOffersStore.getState().myOrders).toEqual([PENDING]);
    service.orderDecided({ ...PENDING, status: 'approved', decidedAt: '2026-11-27T09:05:00Z' });
    expect(useOffersStore.getState().myOrders.map((o) => o.status)).toEqual(['approved']);
    expect(notify.success).toHaveBeenCalledWith({ key: 'store.orderApproved', values: { name: '10% bonus credit', credit: '11,000' } });
    service.orderDecided({ ...PENDING, id: 8, status: 'rejected', rejectReason: 'out of stock' });
    expect(notify.error).toHaveBeenCalledWith({ key: 'store.orderRejected', values: { name: '10% bonus credit', reason: 'out of stock' } });
  });

  it('a server without the list (the SPEC has none) leaves it empty and says nothing', async () => {
    const { notify, service } = setup(() => Promise.reject(new ApiError('not found', 'http', 404)));
    await service.loadMyOrders();
    expect(useOffersStore.getState().myOrders).toEqual([]);
    expect(notify.error).not.toHaveBeenCalled();
  });
});
