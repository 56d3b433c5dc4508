/**
 * The inbox's order rows (issue 23): "Take it" and who has it, exactly as the claim and flag rows, in both
 * languages — offer orders and package orders (issue 26) alike, drawn with the shared controls.
 */
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { PackageOrder } from '../../../src/shared/api/admin-pricing.js';
import type { Order } from '../../../src/shared/api/admin-store.js';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { InboxScreen } from '../../../src/console/inbox/InboxScreen.js';
import { InboxService } from '../../../src/console/inbox/inboxService.js';
import { testCore } from '../support/fakes.js';

afterEach(cleanup);

const order = (over: Partial<Order> = {}): Order => ({
  id: 5, offerId: 'off_1', offerName: 'Night pack', offerType: 'fixed_amount_discount', userId: 'usr_1', username: 'ali', stationId: 'st-01',
  status: 'pending', price: 9000, credit: 10000, createdAt: '2026-11-27T10:00:00Z', decidedAt: null, decidedBy: null, rejectReason: null,
  takenBy: null, takenAt: null, ...over,
});

const packageOrder = (over: Partial<PackageOrder> = {}): PackageOrder => ({
  id: 8, packageId: 'night', packageName: 'Night', username: 'sara', stationId: 'st-02', status: 'pending', price: 6000,
  createdAt: '2026-11-27T10:00:00Z', decidedAt: null, decidedBy: null, rejectReason: null, takenBy: null, takenAt: null, ...over,
});

async function shown(language: Language = 'en', packageOrders: PackageOrder[] = []) {
  const t = testCore();
  t.server.on('GET /admin/service-calls', []);
  t.server.on('GET /admin/orders', [order()]);
  t.server.on('GET /admin/package-orders', packageOrders);
  t.server.on('GET /admin/reward-claims', []);
  t.server.on('GET /admin/game-accounts', []);
  const inbox = new InboxService(t.core.http, t.socket, t.page);
  await inbox.start();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['inbox', inbox]])}>
        <InboxScreen />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  const row = document.querySelector<HTMLElement>('[data-order="5"]');
  if (!row) throw new Error('no order row');
  return { ...t, inbox, row };
}

describe('the inbox’s order row', () => {
  it('offers "Take it" until someone has it, then names who has it instead', async () => {
    const { row, server, socket } = await shown();
    expect(within(row).queryByText(/Taken by/)).toBeNull();
    server.on('POST /admin/orders/5/acknowledge', order({ takenBy: 'desk', takenAt: '2026-11-27T10:01:00Z' }));
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Take it' }));
    });
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/admin/orders/5/acknowledge' });
    expect(within(row).getByText(/Taken by desk/)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Take it' })).toBeNull();
    // Approve and reject stay: taking is not deciding.
    expect(within(row).getByRole('button', { name: 'Approve (paid)' })).toBeTruthy();

    // Another console took a second order: it arrives live with its taker.
    act(() => socket.emit('orderCreated', order({ id: 6 })));
    act(() => socket.emit('orderUpdated', order({ id: 6, takenBy: 'owner', takenAt: '2026-11-27T10:02:00Z' })));
    const second = document.querySelector<HTMLElement>('[data-order="6"]')!;
    expect(within(second).getByText(/Taken by owner/)).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Take it' })).toBeNull();
  });

  it('reads in Arabic, right to left', async () => {
    const { row } = await shown('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(row).getByRole('button', { name: 'استلام' })).toBeTruthy();
    // The offer's own name is isolated, so a Latin name with a number ("10% bonus credit") keeps its order right to left.
    const title = within(row).getByText(/^طلب: /);
    expect(title.textContent).toMatch(/^طلب: \u2068[^\u2069]+\u2069$/);
  });
});

describe('the inbox’s package-order row (issue 26)', () => {
  const packageRow = () => {
    const row = document.querySelector<HTMLElement>('[data-package-order="8"]');
    if (!row) throw new Error('no package order row');
    return row;
  };

  it('offers "Take it" like the other rows, then names who has it; approve and reject stay', async () => {
    const { server, socket } = await shown('en', [packageOrder()]);
    const row = packageRow();
    expect(within(row).queryByText(/Taken by/)).toBeNull();
    server.on('POST /admin/package-orders/8/acknowledge', packageOrder({ takenBy: 'desk', takenAt: '2026-11-27T10:01:00Z' }));
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Take it' }));
    });
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/admin/package-orders/8/acknowledge' });
    expect(within(packageRow()).getByText(/Taken by desk/)).toBeTruthy();
    expect(within(packageRow()).queryByRole('button', { name: 'Take it' })).toBeNull();
    expect(within(packageRow()).getByRole('button', { name: 'Approve (paid)' })).toBeTruthy();
    expect(within(packageRow()).getByRole('button', { name: 'Reject' })).toBeTruthy();

    // A second package order arrives live, and another console takes it: the row names who has it.
    act(() => socket.emit('packageOrderCreated', packageOrder({ id: 9 })));
    act(() => socket.emit('packageOrderUpdated', packageOrder({ id: 9, takenBy: 'owner', takenAt: '2026-11-27T10:02:00Z' })));
    const second = document.querySelector<HTMLElement>('[data-package-order="9"]')!;
    expect(within(second).getByText(/Taken by owner/)).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Take it' })).toBeNull();
  });

  it('approving asks how it was paid (the shared choice) and sends it; rejecting takes the typed reason', async () => {
    const { server } = await shown('en', [packageOrder()]);
    fireEvent.click(within(packageRow()).getByRole('button', { name: 'Approve (paid)' }));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    fireEvent.change(within(dialog).getByLabelText('Paid in'), { target: { value: 'card' } });
    server.on('POST /admin/package-orders/8/approve', { order: packageOrder({ status: 'approved', decidedBy: 'desk' }), package: {} }, 200);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Approve: 6,000 IQD paid' }));
    });
    expect(server.requests.find((r) => r.url === '/admin/package-orders/8/approve')?.body).toEqual({ method: 'card' });

    cleanup();
    const again = await shown('en', [packageOrder()]);
    fireEvent.click(within(packageRow()).getByRole('button', { name: 'Reject' }));
    fireEvent.change(within(packageRow()).getByLabelText('Why is it rejected?'), { target: { value: 'Left the cafe' } });
    again.server.on('POST /admin/package-orders/8/reject', packageOrder({ status: 'rejected', rejectReason: 'Left the cafe' }));
    await act(async () => {
      fireEvent.click(within(packageRow()).getByRole('button', { name: 'Reject' }));
    });
    expect(again.server.requests.find((r) => r.url === '/admin/package-orders/8/reject')?.body).toEqual({ reason: 'Left the cafe' });
  });

  it('reads in Arabic, right to left, with who has it', async () => {
    await shown('ar', [packageOrder({ takenBy: 'desk', takenAt: '2026-11-27T10:01:00Z' })]);
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(packageRow()).getByText(/استلمه desk/)).toBeTruthy();
    expect(within(packageRow()).queryByRole('button', { name: 'استلام' })).toBeNull();
    expect(within(packageRow()).getByText('طلب باقة: \u2068Night\u2069')).toBeTruthy();
  });
});
