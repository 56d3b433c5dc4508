/** The inbox's order row (issue 23): "Take it" and who has it, exactly as the claim and flag rows, in both languages. */
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
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

async function shown(language: Language = 'en') {
  const t = testCore();
  t.server.on('GET /admin/service-calls', []);
  t.server.on('GET /admin/orders', [order()]);
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
  });
});
