/**
 * Packages at the kiosk (issue 26): the store lists what is on sale and what
 * the customer holds; 'Buy with balance' asks first and buys once; the
 * server's refusal is shown as it says it; a server without packages hides
 * the section (no error); what is left of a held package reads right.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buyPackage, customerPackages, myPackageOrders, orderPackage, type PackageOrder } from '../../../src/shared/api/admin-pricing.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import type { AnnounceOrder } from '../../../src/renderer/store/orderNotice.js';
import { PackagesService } from '../../../src/renderer/store/packagesService.js';
import { INITIAL_PACKAGES_STATE, usePackagesStore, type HeldPackage, type PackageOnSale } from '../../../src/renderer/store/packagesStore.js';
import { heldLeft, saleTerms } from '../../../src/renderer/store/packagesView.js';
import { silentLog } from '../support/fakes.js';

const THREE_HOURS: PackageOnSale = { id: 'three-hours', name: '3 hours', kind: 'time', price: 4000, minutes: 180, window: null, groupIds: null, validDays: 30 };
const NIGHT: PackageOnSale = { id: 'night', name: 'Night', kind: 'window', price: 6000, minutes: null, window: '22:00–08:00', groupIds: null, validDays: null };
const held = (over: Partial<HeldPackage>): HeldPackage => ({
  id: 'pkg_1',
  packageId: 'three-hours',
  kind: 'time',
  name: '3 hours',
  groupIds: null,
  validFrom: '2026-11-27T10:00:00.000Z',
  validUntil: '2026-12-27T10:00:00.000Z',
  minutesLeft: 120,
  price: 4000,
  soldAt: '2026-11-27T10:00:00.000Z',
  method: 'cash',
  ...over,
});

function setup(call: (route: unknown, options?: unknown) => Promise<unknown>) {
  const api = { call: vi.fn(call) };
  const notify = { success: vi.fn(), error: vi.fn() };
  const refreshBalance = vi.fn(() => Promise.resolve());
  const announce = vi.fn<AnnounceOrder>();
  return { api, notify, announce, refreshBalance, service: new PackagesService({ api: api as never, notify, announce, refreshBalance, log: silentLog }) };
}

describe('packages at the kiosk (issue 26)', () => {
  beforeEach(() => usePackagesStore.setState({ ...INITIAL_PACKAGES_STATE }));

  it('lists what is on sale and held; buying asks first, buys once, then reads the packages and the balance again', async () => {
    let bought = false;
    const { api, notify, refreshBalance, service } = setup((route) => {
      if (route === customerPackages) return Promise.resolve({ onSale: [THREE_HOURS, NIGHT], held: bought ? [held({ minutesLeft: 180 })] : [] });
      bought = true;
      return Promise.resolve(held({ minutesLeft: 180, method: 'balance' }));
    });
    await service.load();
    expect(usePackagesStore.getState()).toMatchObject({ status: 'loaded', onSale: [THREE_HOURS, NIGHT], held: [] });
    service.askToBuy(THREE_HOURS);
    expect(usePackagesStore.getState().confirming).toEqual(THREE_HOURS);
    const [first, second] = await Promise.all([service.confirmBuy(), service.confirmBuy()]);
    expect([first, second]).toEqual([true, false]);
    expect(api.call.mock.calls.filter(([route]) => route === buyPackage)).toEqual([[buyPackage, { body: { packageId: 'three-hours' } }]]);
    expect(notify.success).toHaveBeenCalledWith({ key: 'packages.bought', values: { name: '3 hours' } });
    expect(refreshBalance).toHaveBeenCalledTimes(1);
    expect(usePackagesStore.getState()).toMatchObject({ confirming: null, buying: false, held: [expect.objectContaining({ minutesLeft: 180 })] });
  });

  it("the server's refusal (too little balance) is shown as it says it, and the dialog stays; a crash reads the catalog's text", async () => {
    const refused = setup(() => Promise.reject(new ApiError('Bad', 'http', 400, 'Bad Request', 'Balance cannot go below 0.')));
    refused.service.askToBuy(NIGHT);
    expect(await refused.service.confirmBuy()).toBe(false);
    expect(refused.notify.error).toHaveBeenCalledWith({ text: 'Balance cannot go below 0.' });
    expect(usePackagesStore.getState().confirming).toEqual(NIGHT);
    expect(refused.refreshBalance).not.toHaveBeenCalled();

    const crashed = setup(() => Promise.reject(new ApiError('Internal', 'http', 500)));
    expect(await crashed.service.confirmBuy()).toBe(false);
    expect(crashed.notify.error).toHaveBeenCalledWith('packages.buyFailed');
  });

  it("'Order at the desk' asks first, orders once and shows it waiting; staff's approval shows the package at once, a rejection says why", async () => {
    const order: PackageOrder = {
      id: 7,
      packageId: 'three-hours',
      packageName: '3 hours',
      username: 'ali',
      stationId: 'st_1',
      status: 'pending',
      price: 4000,
      createdAt: '2026-11-27T10:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
      rejectReason: null,
      takenBy: null,
      takenAt: null,
    };
    let approved = false;
    const { api, notify, announce, refreshBalance, service } = setup((route) => {
      if (route === orderPackage) return Promise.resolve(order);
      if (route === myPackageOrders) return Promise.resolve([order]);
      return Promise.resolve({ onSale: [THREE_HOURS], held: approved ? [held({ minutesLeft: 180, method: 'order' })] : [] });
    });
    service.askToOrder(THREE_HOURS);
    expect(usePackagesStore.getState().ordering).toEqual(THREE_HOURS);
    expect(await Promise.all([service.confirmOrder(), service.confirmOrder()])).toEqual([true, false]);
    expect(api.call.mock.calls.filter(([route]) => route === orderPackage)).toEqual([[orderPackage, { body: { packageId: 'three-hours' } }]]);
    expect(notify.success).toHaveBeenCalledWith('packages.ordered');
    expect(usePackagesStore.getState()).toMatchObject({ ordering: null, placing: false, orders: [order] });
    // Nothing is taken from the balance: the customer pays at the counter.
    expect(refreshBalance).not.toHaveBeenCalled();

    approved = true;
    await service.orderDecided({ ...order, status: 'approved', decidedAt: '2026-11-27T10:05:00.000Z', decidedBy: 'desk' });
    // Told as a notification (the bell's list, with its toast), not only a passing toast.
    expect(announce).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'status_change', tone: 'positive', title: { key: 'orders.notice.approved' }, message: { key: 'orders.notice.package', values: { name: '3 hours' } } }),
    );
    expect(refreshBalance).toHaveBeenCalledTimes(1);
    expect(usePackagesStore.getState()).toMatchObject({ orders: [], held: [expect.objectContaining({ method: 'order', minutesLeft: 180 })] });

    await service.loadOrders();
    expect(usePackagesStore.getState().orders).toEqual([order]);
    await service.orderDecided({ ...order, status: 'rejected', rejectReason: 'Not paid' });
    expect(announce).toHaveBeenLastCalledWith(
      expect.objectContaining({ tone: 'negative', title: { key: 'orders.notice.rejected' }, message: { key: 'orders.notice.reason', values: { name: '3 hours', reason: 'Not paid' } } }),
    );
    expect(announce).toHaveBeenCalledTimes(2);
    expect(usePackagesStore.getState().orders).toEqual([]);
  });

  it('a server without packages (404) hides them and shows no error', async () => {
    const { notify, service } = setup(() => Promise.reject(new ApiError('Not Found', 'http', 404)));
    await service.load();
    expect(usePackagesStore.getState()).toMatchObject({ status: 'unavailable', onSale: [], held: [] });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('an answer of another shape is a server without packages, not a crash', async () => {
    const { notify, service } = setup(() => Promise.resolve({ success: true }));
    await service.load();
    expect(usePackagesStore.getState().status).toBe('unavailable');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('what a package reads: its terms on sale; minutes left, a window playing now or to come', () => {
    expect(saleTerms(THREE_HOURS)).toEqual({ key: 'packages.timeTerms', values: { minutes: 180, days: 30 } });
    expect(saleTerms(NIGHT)).toEqual({ key: 'packages.windowTerms', values: { window: '22:00–08:00' } });
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    expect(heldLeft(held({}), now)).toMatchObject({ key: 'packages.minutesLeft', values: { minutes: 120 } });
    const window = held({ kind: 'window', minutesLeft: null, validFrom: '2026-11-27T19:00:00.000Z', validUntil: '2026-11-28T05:00:00.000Z' });
    expect(heldLeft(window, now).key).toBe('packages.windowLater');
    expect(heldLeft(window, Date.parse('2026-11-27T20:00:00.000Z')).key).toBe('packages.windowNow');
  });
});
