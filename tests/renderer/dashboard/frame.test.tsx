/**
 * SPEC §2 the dashboard frame on the real feature list: the top bar's
 * profile menu (no Profile for guests), the side bar's applications and
 * volume, the store's 'Confirm Order' dialog, the time warning, the R6
 * picker, and the input test page.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerOffers, placeOrder } from '../../../src/shared/api/profile.js';
import { stationGames } from '../../../src/shared/api/games.js';
import { Category } from '../../../src/shared/catalog/categories.js';
import type { Offer } from '../../../src/shared/entities.js';
import { useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { TIME_WARNING_VISIBLE_MS } from '../../../src/shared/constants.js';
import { freshAppWithFakeTimers, GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

const MEMBER = { ...GUEST_SESSION, username: 'ali', isGuest: false, userId: 'u-ali' };
const OFFER: Offer = {
  id: 'of-1',
  name: '10% bonus credit',
  description: 'Top up 10,000 IQD',
  offerType: 'credit_bonus',
  minimumPurchase: 10_000,
  discountAmount: null,
  discountPercentage: 10,
  maximumDiscount: null,
};
const APPS = [
  { Json_ID: 'app-chrome', Name: 'Google Chrome', Thumbnail: '', Platform: 0, Categories: [Category.WebBrowser], IsMultiPlatform: false, App_ID: null },
  { Json_ID: 'app-discord', Name: 'Discord', Thumbnail: '', Platform: 0, Categories: [Category.Communication], IsMultiPlatform: false, App_ID: null },
];

function answers(route: unknown): Promise<unknown> {
  if (route === stationGames) return Promise.resolve(APPS);
  if (route === customerOffers) return Promise.resolve({ success: true, data: [OFFER] });
  if (route === placeOrder) return Promise.resolve({ success: true });
  return new Promise(() => undefined);
}

describe('dashboard frame (SPEC §2 side bar, top bar, header)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it('a guest gets Logout but no Profile; a member gets both', () => {
    renderApp('/dashboard', { session: GUEST_SESSION });
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Profile' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    cleanup();
    resetStores();
    renderApp('/dashboard', { session: MEMBER });
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });

  it('the side bar lists the applications by group and launches one; the slider sends the volume as a string', async () => {
    const { bridge } = renderApp('/dashboard', { session: MEMBER, call: answers });
    const sidebar = screen.getByTestId('sidebar');
    await within(sidebar).findByText('Browsers');
    expect(within(sidebar).getByText('Communication')).toBeTruthy();
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Google Chrome' }));
    expect(bridge.sent).toContainEqual({ command: 'Launch', Json_ID: 'app-chrome' });
    fireEvent.change(screen.getByTestId('volume-slider'), { target: { value: '42' } });
    expect(bridge.sent).toContainEqual({ command: 'SystemSoundVolume', volume: '42' });
    expect(screen.getByTestId('volume-value').textContent).toBe('42');
  });

  it("/store: an offer's value, 'Order Now' → 'Confirm Order' → POST /offers/orders", async () => {
    const { core } = renderApp('/store', { session: MEMBER, call: answers });
    const card = await screen.findByTestId('offer-card');
    expect(within(card).getByTestId('offer-value').textContent).toBe('+1,000 IQD bonus credit');
    fireEvent.click(within(card).getByRole('button', { name: 'Order Now' }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(within(dialog).getByText('Confirm Order')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(core.api.call).toHaveBeenCalledWith(placeOrder, { body: { offerId: 'of-1' } });
  });

  it('a time warning shows on screen when the session crosses 10 minutes', async () => {
    const { app } = renderApp('/dashboard', { session: MEMBER, start: true });
    expect(screen.queryByTestId('time-warning')).toBeNull();
    act(() => useSessionStore.setState({ remainingMinutes: 12 }));
    act(() => useSessionStore.setState({ remainingMinutes: 10 }));
    expect((await screen.findByTestId('time-warning')).textContent).toContain('10 minutes left');
    // Issue 24: the kiosk comes over a running game while the warning shows, and lets go when it is dismissed.
    expect(app.core.bridge.commands().filter((c) => c === 'WindowFocus' || c === 'WindowUnfocus')).toEqual(['WindowFocus']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('time-warning')).toBeNull();
    expect(app.core.bridge.sent).toContainEqual({ command: 'TimeRemaining', minutes: 10 });
    expect(app.core.bridge.commands().filter((c) => c === 'WindowFocus' || c === 'WindowUnfocus')).toEqual(['WindowFocus', 'WindowUnfocus']);
  });

  it('the R6 Siege picker lists the 14 data centres and sends the choice', () => {
    const { bridge } = renderApp('/dashboard', { session: MEMBER });
    fireEvent.click(screen.getByTestId('r6-picker-button'));
    const picker = screen.getByTestId('r6-picker');
    expect(within(picker).getAllByRole('button').filter((b) => b.dataset.testid?.startsWith('r6-'))).toHaveLength(14);
    fireEvent.click(within(picker).getByRole('button', { name: 'WestEurope' }));
    expect(bridge.sent).toContainEqual({ command: 'R6ServerRequest', server: 'westeurope' });
    expect(screen.queryByTestId('r6-picker')).toBeNull();
  });

  it('/mouse-test registers keys and mouse buttons', () => {
    renderApp('/mouse-test', { session: MEMBER });
    fireEvent.keyDown(window, { code: 'KeyW', key: 'w' });
    expect(screen.getByTestId('keyboard').querySelector('[data-code="KeyW"]')?.getAttribute('data-state')).toBe('pressed');
    fireEvent.keyUp(window, { code: 'KeyW', key: 'w' });
    expect(screen.getByTestId('keyboard').querySelector('[data-code="KeyW"]')?.getAttribute('data-state')).toBe('released');
    const pad = screen.getByTestId('mouse-pad');
    fireEvent.mouseDown(pad, { button: 2 });
    fireEvent.mouseUp(pad, { button: 2 });
    fireEvent.wheel(pad, { deltaY: -120 });
    expect(within(screen.getByTestId('mouse-events')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Scroll up',
      'Right up',
      'Right down',
    ]);
    expect(within(screen.getByTestId('recent-events')).getAllByRole('listitem')).toHaveLength(5);
  });
});

describe('time warning on screen (SPEC §4)', () => {
  freshAppWithFakeTimers();

  it('stays 30 s unless dismissed, and the next warning replaces it', () => {
    renderApp('/dashboard', { session: MEMBER, start: true });
    act(() => useSessionStore.setState({ remainingMinutes: 11 }));
    act(() => useSessionStore.setState({ remainingMinutes: 10 }));
    expect(screen.getByTestId('time-warning').textContent).toContain('10 minutes left');
    act(() => void vi.advanceTimersByTime(TIME_WARNING_VISIBLE_MS - 1));
    expect(screen.queryByTestId('time-warning')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('time-warning')).toBeNull();
    act(() => useSessionStore.setState({ remainingMinutes: 5 }));
    expect(screen.getByTestId('time-warning').textContent).toContain('5 minutes left');
    act(() => useSessionStore.setState({ remainingMinutes: 3 }));
    expect(screen.getByTestId('time-warning').className).toContain('time-warning--urgent');
  });
});

describe('notification bell (SPEC §2)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it("shows the unread count ('9+' past 9); opening the panel marks them read", () => {
    const { app } = renderApp('/dashboard', { session: MEMBER });
    act(() => {
      for (let i = 0; i < 10; i += 1) app.features.notifications.service.push({ type: 'ping', title: 'sara', message: `ping ${i}` });
    });
    expect(screen.getByTestId('notification-count').textContent).toBe('9+');
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(within(screen.getByTestId('notification-panel')).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByTestId('notification-count')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('notification-panel')).toBeNull();
  });
});
