/**
 * The store's packages for a guest (issue 26): the server refuses a guest's package order
 * (tests/server/pricing-orders.test.ts), so the kiosk does not offer "Order at the desk" to a guest
 * and asks for no order list; a signed-in customer gets both buttons.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '../../../src/shared/api/route.js';
import type { StoredSession } from '../../../src/shared/entities.js';
import { GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

const MEMBER: StoredSession = { ...GUEST_SESSION, id: 's-1', sessionId: 's-1', username: 'ali', isGuest: false, userId: 'usr_1' };
const NIGHT = { id: 'night', name: 'Night', kind: 'window', price: 6000, minutes: null, window: '22:00–08:00', groupIds: null, validDays: null };

const server = () =>
  vi.fn(async (route: Route, _options?: unknown) => {
    if (route.path === '/packages') return { onSale: [NIGHT], held: [] };
    if (route.path === '/offers/orders/mine') return { success: true, data: [] };
    return [];
  });

describe('the store’s packages', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it('a guest sees the package but no "Order at the desk", and no order list is asked for', async () => {
    const call = server();
    renderApp('/store', { session: GUEST_SESSION, call });
    const card = await screen.findByTestId('package-card');
    expect(within(card).getByText('Night')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Buy with balance' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Order at the desk' })).toBeNull();
    expect(call.mock.calls.some(([route]) => route.path === '/packages/orders/mine')).toBe(false);
  });

  it('a signed-in customer is offered "Order at the desk" beside "Buy with balance"', async () => {
    const call = server();
    renderApp('/store', { session: MEMBER, call });
    const card = await screen.findByTestId('package-card');
    expect(within(card).getByRole('button', { name: 'Buy with balance' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Order at the desk' })).toBeTruthy();
    expect(call.mock.calls.some(([route]) => route.path === '/packages/orders/mine')).toBe(true);
  });
});
