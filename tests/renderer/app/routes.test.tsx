import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStartupStore } from '../../../src/renderer/splash/startupStore.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { useAccountStore } from '../../../src/renderer/account/accountStore.js';
import { useGamesStore } from '../../../src/renderer/games/gamesStore.js';
import { useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import { STATION } from '../support/fakes.js';
import { freshAppWithFakeTimers, GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

describe('routes (SPEC §2)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it('redirects /dashboard to /login when there is no user', async () => {
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByTestId('login-screen')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-screen')).toBeNull();
  });

  it('sends any other path to /', async () => {
    const { router } = renderApp('/no/such/page', { ready: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByTestId('splash-screen')).toBeTruthy();
  });

  it('goes through the splash before the app is ready', async () => {
    const { router } = renderApp('/login', { ready: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows 'Loading connection information' until the shell sent the connection info", () => {
    renderApp('/', { stationInfo: false });
    expect(screen.getByTestId('connecting-screen').textContent).toContain('Loading connection information');
    act(() => useStationStore.setState({ info: STATION }));
    expect(screen.queryByTestId('connecting-screen')).toBeNull();
  });

  it('/login replaces itself with /dashboard once a user exists (guest unlock)', async () => {
    const { router } = renderApp('/login');
    expect(screen.getByText('Or wait for guest unlock from admin')).toBeTruthy();
    act(() => useSessionStore.setState({ session: GUEST_SESSION }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('the dashboard welcomes a guest as a guest (never by the generated guest_ suffix) and goes to /login when the session ends', async () => {
    const { router, services } = renderApp('/dashboard', { session: GUEST_SESSION });
    // guest_4821: the suffix is generated, so the guest is greeted as a guest (issue 24).
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Guest');
    // What the dashboard shows beyond its first frame loads after that frame is painted.
    expect(services.games.load).not.toHaveBeenCalled();
    await waitFor(() => expect(services.session.loadCurrentSession).toHaveBeenCalled());
    expect(services.games.load).toHaveBeenCalled();
    act(() => useSessionStore.setState({ session: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows remaining minutes as H:MM and the game cards', () => {
    useSessionStore.setState({ remainingMinutes: 95 });
    useAccountStore.setState({ level: 7 });
    useGamesStore.setState({
      status: 'loaded',
      entries: [
        {
          Json_ID: 'game-cs2',
          Name: 'Counter-Strike 2',
          Thumbnail: '/cafe-settings/media/cs2.png',
          Platform: 3,
          Categories: [16],
          IsMultiPlatform: false,
          App_ID: '730',
        },
      ],
    });
    renderApp('/dashboard', { session: GUEST_SESSION });
    expect(screen.getByTestId('session-clock-value').textContent).toBe('1:35');
    expect(screen.getByTestId('session-clock').textContent).toContain('Time remaining');
    expect(screen.getByTestId('level-badge').textContent).toBe('Level 7');
    const card = screen.getByTestId('game-card');
    expect(card.textContent).toContain('Counter-Strike 2');
    expect(card.textContent).toContain('Steam');
    // The picture comes through the image cache (jsdom loads none): the default icon meanwhile.
    expect(card.querySelector('[data-testid="game-default-icon"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Play Now' })).toBeTruthy();
  });

  it.each([
    ['no answer from the server', new ApiError('Network Error', 'network'), 'Connection error: Cannot reach game server.'],
    ['a timeout', new ApiError('timeout of 10000ms exceeded', 'timeout'), 'Connection error: Cannot reach game server.'],
    ['an error answer', new ApiError('Request failed', 'http', 500), 'Failed to load game list. Please try again later.'],
  ] as const)('a library that failed with %s says so', async (_, error, text) => {
    renderApp('/dashboard', { session: GUEST_SESSION, call: () => Promise.reject(error) });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('logout (in the profile menu) goes back to /login', async () => {
    const { router, services } = renderApp('/dashboard', { session: GUEST_SESSION });
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    fireEvent.click(screen.getByTestId('logout-button'));
    expect(services.session.logout).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('login screen (SPEC §2, §5)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it('validates before calling the server', async () => {
    const { services } = renderApp('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Username is required');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ali' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password is required'));
    expect(services.frontDoor.passwordLogin).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(services.frontDoor.passwordLogin).toHaveBeenCalledWith('ali', 'secret', STATION));
  });

  it('shows the station name, number and hourly rate', () => {
    useStationStore.setState({
      details: {
        success: true,
        station: { id: 'station-1', number: 4, name: 'Arena 4', macAddress: STATION.macAddress, groupId: 'g', status: 'available' },
        group: { id: 'g', name: 'VIP', hourlyRate: 2500 },
        announcement: null,
        wifiQR: null,
      },
    });
    renderApp('/login');
    const panel = screen.getByTestId('station-panel');
    expect(panel.textContent).toContain('Arena 4');
    expect(panel.textContent).toContain('Station 4');
    expect(screen.getByTestId('station-rate').textContent).toBe('2500IQD/hour');
  });

  it('shows the rate in force with the happy hour it comes from and its end time (issue 26)', () => {
    const until = new Date(2026, 10, 27, 17, 0).toISOString(); // 17:00 on the station's clock
    useStationStore.setState({
      details: {
        success: true,
        station: { id: 'station-1', number: 4, name: 'Arena 4', macAddress: STATION.macAddress, groupId: 'g', status: 'available' },
        group: { id: 'g', name: 'VIP', hourlyRate: 1250, ratePeriod: { name: 'Happy hour', until } },
        announcement: null,
        wifiQR: null,
      },
    });
    renderApp('/login');
    expect(screen.getByTestId('station-rate').textContent).toBe('1250IQD/hour');
    expect(screen.getByTestId('station-rate-period').textContent).toBe('Happy hour until 17:00');
  });
});

describe('splash screen (SPEC §2)', () => {
  freshAppWithFakeTimers();

  it('fills, sends StartUp, marks ready on StartUpCompleted and navigates to /login 1 s later', () => {
    const { router, bridge, services } = renderApp('/', { ready: false });
    expect(screen.getByTestId('brand-title').textContent).toBe('Spawnpoint');
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByTestId('splash-progress').getAttribute('aria-valuenow')).toBe('2');
    act(() => vi.advanceTimersByTime(2450));
    expect(bridge.commands()).toEqual(['StartUp']);
    expect(services.markReady).not.toHaveBeenCalled();
    act(() => useStartupStore.setState({ startupCompleted: true }));
    expect(services.markReady).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(999));
    expect(router.state.location.pathname).toBe('/');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes straight to /dashboard when a session was restored', () => {
    useStartupStore.setState({ startupCompleted: true });
    const { router } = renderApp('/', { ready: false, session: GUEST_SESSION });
    act(() => vi.advanceTimersByTime(2500 + 1000));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
