/**
 * The room's alerts in the inbox give staff something to act on (issue 23): each with its time (the shared
 * ItemTime), and where to act — a customer at the top-up gate opens in Customers (to top up there), a PC that
 * lost its connection is picked in the Room (to end the session there), low time opens the customer (a guest:
 * the Room). English and Arabic.
 */
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { CustomersService } from '../../../src/console/customers/customersService.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { InboxScreen } from '../../../src/console/inbox/InboxScreen.js';
import { InboxService } from '../../../src/console/inbox/inboxService.js';
import { RoomService } from '../../../src/console/room/roomService.js';
import { formatTimeOfDay } from '../../../src/shared/format.js';
import { testCore } from '../support/fakes.js';
import { station } from '../support/room.js';

afterEach(cleanup);

const heard = '2026-11-27T18:02:00.000Z';
const since = '2026-11-27T18:05:00.000Z';
const session = (sessionId: string, username: string, remainingMinutes: number | null, isGuest = false) => ({
  sessionId,
  username,
  isGuest,
  startTime: '2026-11-27T17:00:00.000Z',
  remainingMinutes,
});

async function shown(language: Language) {
  const t = testCore();
  t.server.on('GET /admin/console/room', [
    station({ id: 'st-03', number: 3, name: 'PC-03', online: false, status: 'in_use', lastHeartbeatAt: heard, currentSession: session('ses_3', 'omar', 50) }),
    station({ id: 'st-04', number: 4, name: 'PC-04', status: 'in_use', currentSession: session('ses_4', 'sara', null), atGate: { gate: 'top_up', since, expiresAt: null } }),
    station({ id: 'st-05', number: 5, name: 'PC-05', status: 'in_use', currentSession: session('ses_5', 'guest-5', 4, true) }),
  ]);
  t.server.on('GET /admin/console/receipts', []);
  t.server.on('GET /admin/holds', []);
  for (const list of ['service-calls', 'orders', 'package-orders', 'reward-claims', 'game-accounts']) t.server.on(`GET /admin/${list}`, []);
  const room = new RoomService(t.core.http, t.socket);
  const inbox = new InboxService(t.core.http, t.socket, t.page);
  const customers = new CustomersService(t.core.http);
  inbox.watchRoom(room.store);
  await room.start();
  await inbox.start();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map<string, unknown>([['inbox', inbox], ['room', room], ['customers', customers]])}>
        <InboxScreen />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  const row = (id: string) => document.querySelector<HTMLElement>(`[data-alert="${id}"]`)!;
  return { ...t, room, inbox, row };
}

describe('the room’s alerts in the inbox', () => {
  it('each has its time and an action: the gate opens the customer, a lost PC is picked in the Room, low time of a guest too', async () => {
    const { row, room, server, inbox } = await shown('en');
    const hm = (iso: string) => formatTimeOfDay(iso, 'en');
    expect(inbox.store.getState().alerts.map((a) => a.kind)).toEqual(['lost', 'at_gate', 'low_time']);

    const lost = row('st-03');
    expect(within(lost).getByText('Station lost connection mid-session')).toBeTruthy();
    expect(within(lost).getByTestId('item-time').textContent).toBe(`Last heard ${hm(heard)}`);
    const gate = row('st-04');
    expect(within(gate).getByText('Waiting at the top-up gate: needs a top-up to play')).toBeTruthy();
    expect(within(gate).getByTestId('item-time').textContent).toBe(`Since ${hm(since)}`);
    const low = row('st-05');
    const ends = new Date(room.store.getState().now + 4 * 60_000).toISOString();
    expect(within(low).getByTestId('item-time').textContent).toBe(`Ends at ${hm(ends)}`);

    // At the gate: the customer opens in Customers, where the top-up is.
    const open = within(gate).getByRole('link', { name: 'Open customer' });
    expect(open.getAttribute('href')).toBe('#/customers');
    await act(async () => {
      fireEvent.click(open);
    });
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', url: '/admin/customers/sara' });

    // Lost connection: the PC is picked in the Room (its toolbar offers to end the session there).
    const show = within(lost).getByRole('link', { name: 'Show in the Room' });
    expect(show.getAttribute('href')).toBe('#/room');
    act(() => {
      fireEvent.click(show);
    });
    expect(room.store.getState().selected).toEqual(['st-03']);
    // A guest running out of time has no customer to open: the Room.
    expect(within(low).queryByRole('link', { name: 'Open customer' })).toBeNull();
    expect(within(low).getByRole('link', { name: 'Show in the Room' })).toBeTruthy();
    room.stop();
    inbox.stop();
  });

  it('reads in Arabic, right to left: the times and actions in Arabic, the numbers as the console writes them', async () => {
    const { row, room, inbox } = await shown('ar');
    expect(document.documentElement.dir).toBe('rtl');
    const hm = (iso: string) => formatTimeOfDay(iso, 'ar');
    expect(within(row('st-03')).getByTestId('item-time').textContent).toBe(`آخر اتصال ${hm(heard)}`);
    expect(within(row('st-04')).getByTestId('item-time').textContent).toBe(`منذ ${hm(since)}`);
    expect(within(row('st-04')).getByRole('link', { name: 'فتح الزبون' })).toBeTruthy();
    expect(within(row('st-03')).getByRole('link', { name: 'عرضه في القاعة' })).toBeTruthy();
    expect(within(row('st-03')).getByText('جهاز 3 · omar')).toBeTruthy();
    room.stop();
    inbox.stop();
  });
});
