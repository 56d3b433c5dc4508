/** Render the app's routes in memory: the real feature list on a fake core, with clean stores. */
import { cleanup, render } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppToaster } from '../../../src/renderer/app/AppToaster.js';
import { createTestRouter } from '../../../src/renderer/app/routes.js';
import type { Screens } from '../../../src/renderer/app/screens.js';
import { DashboardFrame } from '../../../src/renderer/dashboard/DashboardFrame.js';
import { DashboardScreen } from '../../../src/renderer/dashboard/DashboardScreen.js';
import { InputTestScreen } from '../../../src/renderer/input-test/InputTestScreen.js';
import { StoreScreen } from '../../../src/renderer/store/StoreScreen.js';
import { LoginScreen } from '../../../src/renderer/front-door/LoginScreen.js';
import { ResetPasswordPage } from '../../../src/renderer/web-pages/ResetPasswordPage.js';
import { VerifyEmailPage } from '../../../src/renderer/web-pages/VerifyEmailPage.js';
import { ProfileScreen } from '../../../src/renderer/profile/ProfileScreen.js';
import { SteamCallbackPage } from '../../../src/renderer/profile/SteamCallbackPage.js';
import { useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import { FeaturesContext } from '../../../src/renderer/core/feature.js';
import { initI18n } from '../../../src/renderer/core/i18n/i18n.js';
import { useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { useStartupStore } from '../../../src/renderer/splash/startupStore.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import type { StoredSession } from '../../../src/shared/entities.js';
import { STATION } from './fakes.js';
import { stopTestApps, testApp, type FakeCoreOptions } from './testApp.js';

/** The screens given directly (the app loads them by route). */
const TEST_SCREENS: Screens = {
  login: { Component: LoginScreen },
  frame: { Component: DashboardFrame },
  dashboard: { Component: DashboardScreen },
  store: { Component: StoreScreen },
  inputTest: { Component: InputTestScreen },
  resetPassword: { Component: ResetPasswordPage },
  verifyEmail: { Component: VerifyEmailPage },
  profile: { Component: ProfileScreen },
  steamCallback: { Component: SteamCallbackPage },
};

export const GUEST_SESSION: StoredSession = {
  id: 'gs-1',
  sessionId: 'gs-1',
  stationId: STATION.stationId,
  stationNumber: 4,
  username: 'guest_4821',
  isGuest: true,
  startTime: new Date().toISOString(),
  macAddress: STATION.macAddress,
  ipAddress: STATION.ipAddress,
  token: 't',
  userId: 'gu-1',
};

/** Every store back to its start (through the app's own list), connected to the server. */
export function resetStores(): void {
  stopTestApps();
  testApp().resetStores();
  useConnectionStore.setState({ state: 'connected', lifecycle: 'ready' });
}

export function renderApp(
  path: string,
  options: {
    stationInfo?: boolean;
    ready?: boolean;
    session?: StoredSession | null;
    start?: boolean;
    /** Screens in place of the directly given ones (e.g. loaders, to see when a chunk is fetched). */
    screens?: Partial<Screens>;
  } & FakeCoreOptions = {},
) {
  initI18n();
  // jsdom has no matchMedia; the toaster asks it about reduced motion.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;
  if (options.stationInfo ?? true) useStationStore.setState({ info: STATION });
  if (options.ready ?? true) useStartupStore.setState({ ready: true });
  if (options.session) useSessionStore.setState({ session: options.session });
  const app = testApp({ start: options.start ?? false, call: options.call, fetch: options.fetch });
  const { session } = app.features.session.service;
  const services = {
    session: {
      loadCurrentSession: vi.spyOn(session, 'loadCurrentSession'),
      logout: vi.spyOn(session, 'logout'),
    },
    account: { refresh: vi.spyOn(app.features.account.service, 'refresh') },
    games: { load: vi.spyOn(app.features.games.service, 'load') },
    frontDoor: { passwordLogin: vi.spyOn(app.features.frontDoor.service.frontDoor, 'passwordLogin') },
    markReady: vi.spyOn(app.features.splash.service, 'markReady'),
  };
  const router = createTestRouter(path, { ...TEST_SCREENS, ...options.screens });
  const view = render(
    <FeaturesContext.Provider value={app.services}>
      <RouterProvider router={router} />
      <AppToaster />
    </FeaturesContext.Provider>,
  );
  return { ...view, router, app, services, bridge: app.core.bridge, core: app.core };
}

/** For the enclosing suite: fresh stores and fake timers before each test; unmount and real timers after. */
export function freshAppWithFakeTimers(): void {
  beforeEach(() => {
    resetStores();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
