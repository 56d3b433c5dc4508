/**
 * Issue 23: staff's decision on an order reaches the customer as a notification, not only a 3–4 s toast.
 * The socket's orderUpdated goes to the store feature's service, the notifications feature records it
 * (SPEC §3 local notification, type status_change, the order in data): the bell counts it ('9+' past 9),
 * its panel lists it, and the store's "Your orders" shows the order with its state, amount and time —
 * in English and in Arabic, right to left.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PackageOrder } from '../../../src/shared/api/admin-pricing.js';
import type { CustomerOrder } from '../../../src/shared/api/profile.js';
import type { Route } from '../../../src/shared/api/route.js';
import type { StoredSession } from '../../../src/shared/entities.js';
import { bindDocumentLanguage, initI18n } from '../../../src/renderer/core/i18n/i18n.js';
import { useNotificationsStore } from '../../../src/renderer/notifications/notificationsStore.js';
import { STATION } from '../support/fakes.js';
import { GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

const MEMBER: StoredSession = { ...GUEST_SESSION, id: 's-1', sessionId: 's-1', username: 'ali', isGuest: false, userId: 'usr_1' };

const order = (over: Partial<CustomerOrder> = {}): CustomerOrder => ({
  id: 7,
  offerName: '10% bonus credit',
  status: 'pending',
  price: 10_000,
  credit: 11_000,
  createdAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
  rejectReason: null,
  ...over,
});

const packageOrder = (over: Partial<PackageOrder> = {}): PackageOrder => ({
  id: 3,
  packageId: 'night',
  packageName: 'Night',
  username: 'ali',
  stationId: STATION.stationId,
  status: 'pending',
  price: 6000,
  createdAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  rejectReason: null,
  takenBy: null,
  takenAt: null,
  ...over,
});

function open(mine: CustomerOrder[]) {
  const call = vi.fn(async (route: Route) => {
    if (route.path === '/offers/orders/mine') return { success: true, data: mine };
    if (route.path === '/offers/customer') return { success: true, data: [] };
    if (route.path === '/packages') return { onSale: [], held: [] };
    if (route.path === '/packages/orders/mine') return [];
    // Everything else (games, squad, the session) is of no interest here: never answered.
    return new Promise<never>(() => undefined);
  });
  const view = renderApp('/store', { session: MEMBER, call, start: true });
  view.core.connection.connect(STATION);
  const socket = view.core.sockets.at(-1)!;
  socket.fire('connect');
  return { ...view, socket };
}

const bellCount = () => screen.queryByTestId('notification-count')?.textContent ?? null;

describe('a decided order at the kiosk (issue 23)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it('approved: the bell counts it, its panel says so, and "Your orders" shows it approved with the credit', async () => {
    const { socket } = open([order()]);
    const list = await screen.findByTestId('store-my-orders');
    const row = within(list).getByTestId('order-row');
    expect(row.dataset.status).toBe('pending');
    expect(within(row).getByText('Waiting for staff')).toBeTruthy();
    expect(within(row).getByText('10,000 IQD')).toBeTruthy();
    expect(within(row).getByText('Pay at the counter')).toBeTruthy();
    expect(bellCount()).toBeNull();

    const approved = order({ status: 'approved', decidedAt: '2026-11-27T09:05:00.000Z' });
    act(() => socket.fire('orderUpdated', approved));

    await waitFor(() => expect(bellCount()).toBe('1'));
    const item = useNotificationsStore.getState().items[0]!;
    expect(item).toMatchObject({
      type: 'status_change',
      title: 'Your order was approved',
      message: '10% bonus credit: 11,000 IQD added to your balance.',
      data: { kind: 'offer_order', order: approved },
      read: false,
    });
    const decided = within(screen.getByTestId('store-my-orders')).getByTestId('order-row');
    expect(decided.dataset.status).toBe('approved');
    expect(within(decided).getByText('Approved')).toBeTruthy();
    expect(within(decided).getByText('+11,000 IQD')).toBeTruthy();
    expect(within(decided).getByText('Added to your balance')).toBeTruthy();
    expect(within(decided).getByRole('time').getAttribute('datetime')).toBe('2026-11-27T09:05:00.000Z');

    fireEvent.click(screen.getByTestId('notification-bell'));
    const panel = screen.getByTestId('notification-panel');
    expect(within(panel).getByText('Your order was approved')).toBeTruthy();
    expect(within(panel).getByText('10% bonus credit: 11,000 IQD added to your balance.')).toBeTruthy();
    // The kiosk's one convention for a time of day: 24-hour, as the order row beside it (not "06:53 PM").
    expect(within(panel).getByRole('time').textContent).toMatch(/^\d{2}:\d{2}$/);
    expect(bellCount()).toBeNull();
  });

  it('rejected with a reason, and a package order decided: each is one more in the bell, capped at 9+', async () => {
    const { socket } = open([order()]);
    await screen.findByTestId('store-my-orders');
    act(() => socket.fire('orderUpdated', order({ status: 'rejected', decidedAt: '2026-11-27T09:06:00.000Z', rejectReason: 'Did not pay at the counter' })));
    await waitFor(() => expect(bellCount()).toBe('1'));
    expect(useNotificationsStore.getState().items[0]).toMatchObject({ title: 'Your order was rejected', message: '10% bonus credit: Did not pay at the counter', tone: 'negative' });
    const row = within(screen.getByTestId('store-my-orders')).getByTestId('order-row');
    expect(within(row).getByText('Rejected')).toBeTruthy();
    expect(within(row).getByText('Did not pay at the counter')).toBeTruthy();

    act(() => socket.fire('packageOrderUpdated', packageOrder({ status: 'approved', decidedAt: '2026-11-27T09:07:00.000Z', decidedBy: 'desk' })));
    await waitFor(() => expect(bellCount()).toBe('2'));
    expect(useNotificationsStore.getState().items[0]).toMatchObject({ title: 'Your order was approved', message: 'Night: the package is yours.', data: { kind: 'package_order' } });

    for (let id = 20; id < 28; id += 1) act(() => socket.fire('orderUpdated', order({ id, status: 'approved', decidedAt: '2026-11-27T09:08:00.000Z' })));
    await waitFor(() => expect(bellCount()).toBe('9+'));
  });

  it('reads in Arabic, right to left: the notification and the order row', async () => {
    const i18n = initI18n();
    const unbind = bindDocumentLanguage(i18n);
    await act(() => i18n.changeLanguage('ar'));
    try {
      const { socket } = open([order()]);
      const list = await screen.findByTestId('store-my-orders');
      expect(document.documentElement.dir).toBe('rtl');
      expect(within(list).getByRole('heading', { name: 'طلباتك' })).toBeTruthy();
      expect(within(list).getByText('بانتظار الموظفين')).toBeTruthy();
      expect(within(list).getByText('10,000 د.ع')).toBeTruthy();
      act(() => socket.fire('orderUpdated', order({ status: 'approved', decidedAt: '2026-11-27T09:05:00.000Z' })));
      await waitFor(() => expect(bellCount()).toBe('1'));
      expect(useNotificationsStore.getState().items[0]).toMatchObject({
        title: 'تمت الموافقة على طلبك',
        message: '\u206810% bonus credit\u2069: أضيف 11,000 د.ع إلى رصيدك.',
      });
      const row = within(screen.getByTestId('store-my-orders')).getByTestId('order-row');
      expect(within(row).getByText('تمت الموافقة')).toBeTruthy();
      expect(within(row).getByText('+11,000 د.ع')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
      unbind();
    }
  });
});
