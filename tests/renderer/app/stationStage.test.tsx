/**
 * Issue 27: the dashboard prepared under the lock screen (app/StationStage.tsx).
 * Hidden and inert while the lock screen is up, fetched only after the lock
 * screen is drawn, revealed (not built anew) by the unlock, and never holding
 * anything of a previous customer.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stationGames } from '../../../src/shared/api/games.js';
import { useAccountStore } from '../../../src/renderer/account/accountStore.js';
import { initI18n } from '../../../src/renderer/core/i18n/i18n.js';
import { DashboardFrame } from '../../../src/renderer/dashboard/DashboardFrame.js';
import { DashboardScreen } from '../../../src/renderer/dashboard/DashboardScreen.js';
import { useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import type { GameEntry, StoredSession } from '../../../src/shared/entities.js';
import { GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

const ZAYNAB: StoredSession = { ...GUEST_SESSION, sessionId: 's-zaynab', id: 's-zaynab', username: 'zaynab77', isGuest: false, userId: 'u-z' };
const OMAR: StoredSession = { ...GUEST_SESSION, sessionId: 's-omar', id: 's-omar', username: 'omar55', isGuest: false, userId: 'u-o' };
const GAME: GameEntry = {
  Json_ID: 'game-cs2',
  Name: 'Counter-Strike 2',
  Thumbnail: '',
  Platform: 3,
  Categories: [16],
  IsMultiPlatform: false,
  App_ID: '730',
};

const answers = (route: unknown) => (route === stationGames ? Promise.resolve([GAME]) : new Promise(() => undefined));

/** The prepared frame: in the DOM under an element React's Activity hides. */
async function preparedFrame(): Promise<HTMLElement> {
  return waitFor(() => screen.getByTestId('dashboard-frame'), { timeout: 3_000 });
}

function isHidden(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (node.style.display === 'none') return true;
  }
  return false;
}

describe('the dashboard prepared under the lock screen (issue 27)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it('is fetched only after the lock screen is drawn, then waits hidden: nothing in it can be seen or focused', async () => {
    const frame = vi.fn(() => Promise.resolve(DashboardFrame));
    const dashboard = vi.fn(() => Promise.resolve(DashboardScreen));
    renderApp('/login', { screens: { frame: { load: frame }, dashboard: { load: dashboard } } });
    // The lock screen is up and nothing of the dashboard has been asked for yet.
    expect(screen.getByTestId('login-screen')).toBeTruthy();
    expect(frame).not.toHaveBeenCalled();
    expect(dashboard).not.toHaveBeenCalled();

    const prepared = await preparedFrame();
    expect(frame).toHaveBeenCalledTimes(1);
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(isHidden(prepared)).toBe(true);
    // Nobody's frame: no name, no station number.
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, ');
    // Not reachable: a focus attempt on any of its controls does not land (display: none).
    for (const control of prepared.querySelectorAll<HTMLElement>('button, a, input')) {
      expect(isHidden(control)).toBe(true);
    }
    expect(screen.getByTestId('login-screen')).toBeTruthy();
  });

  it('the unlock reveals the prepared frame (the same elements) and fills in the session', async () => {
    const { router, services } = renderApp('/login', { call: answers });
    const prepared = await preparedFrame();
    const preparedScreen = screen.getByTestId('dashboard-screen');
    // Hidden, its effects do not run: nothing is loaded for nobody.
    expect(services.games.load).not.toHaveBeenCalled();

    act(() => useSessionStore.setState({ session: ZAYNAB }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByTestId('dashboard-frame')).toBe(prepared);
    expect(screen.getByTestId('dashboard-screen')).toBe(preparedScreen);
    expect(isHidden(prepared)).toBe(false);
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, zaynab77');
    expect(screen.queryByTestId('login-screen')).toBeNull();
    // Shown, it loads the session's data after its first paint.
    await waitFor(() => expect(services.games.load).toHaveBeenCalled());
    expect((await screen.findByTestId('game-card')).textContent).toContain('Counter-Strike 2');
  });

  it('keeps nothing of the previous customer: their frame is thrown away and a fresh one prepared', async () => {
    const { router, app } = renderApp('/login', { call: answers, start: true });
    const first = await preparedFrame();
    act(() => useSessionStore.setState({ session: ZAYNAB }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    act(() => useAccountStore.setState({ level: 9, balance: 12_345 }));
    await screen.findByTestId('game-card');
    expect(document.body.textContent).toContain('zaynab77');

    // The session ends: back to the lock screen, and her dashboard is gone from the page at once.
    act(() => app.features.session.service.session.logout());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(first.isConnected).toBe(false);
    expect(document.body.textContent).not.toContain('zaynab77');

    // A new frame is prepared for the next customer, with nothing of hers in it.
    const second = await preparedFrame();
    expect(second).not.toBe(first);
    expect(isHidden(second)).toBe(true);
    expect(document.body.textContent).not.toContain('zaynab77');
    expect(screen.queryByTestId('level-badge')).toBeNull();
    expect(screen.queryByTestId('game-card')).toBeNull();

    act(() => useSessionStore.setState({ session: OMAR }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByTestId('dashboard-frame')).toBe(second);
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, omar55');
    expect(document.body.textContent).not.toContain('zaynab77');
  });

  it('a language chosen on the lock screen prepares the dashboard again, in that language', async () => {
    const i18n = initI18n();
    const { router } = renderApp('/login', { call: answers });
    const english = await preparedFrame();
    try {
      await act(() => i18n.changeLanguage('ar'));
      await waitFor(() => expect(english.isConnected).toBe(false));
      const arabic = await preparedFrame();
      expect(isHidden(arabic)).toBe(true);
      act(() => useSessionStore.setState({ session: OMAR }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(screen.getByTestId('dashboard-frame')).toBe(arabic);
      expect(screen.getByTestId('welcome').textContent).toBe('أهلاً، omar55');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
