/** Render the app's routes in memory with fake services and clean stores. */
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { useAppStore } from '../../../src/renderer/splash/startupStore.js';
import { createTestRouter } from '../../../src/renderer/app/routes.js';
import { ServicesContext } from '../../../src/renderer/app/ServicesContext.js';
import type { Services } from '../../../src/renderer/app/services.js';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import { INITIAL_GAMES_STATE, useGamesStore } from '../../../src/renderer/games/gamesStore.js';
import { INITIAL_HEARTBEAT_STATE, useHeartbeatStore } from '../../../src/renderer/station/heartbeatStore.js';
import { initI18n } from '../../../src/renderer/core/i18n/i18n.js';
import { INITIAL_SESSION_STATE, useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import type { StoredSession } from '../../../src/shared/entities.js';
import { FakeBridge, STATION } from './fakes.js';

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

export function resetStores(): void {
  useAppStore.setState({ startupCompleted: false, ready: false });
  useStationStore.setState({ info: null, details: null });
  useSessionStore.setState({ ...INITIAL_SESSION_STATE });
  useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE, state: 'connected', lifecycle: 'ready' });
  useHeartbeatStore.setState({ ...INITIAL_HEARTBEAT_STATE });
  useGamesStore.setState({ ...INITIAL_GAMES_STATE });
}

export function fakeServices() {
  const bridge = new FakeBridge();
  const services = {
    bridge,
    api: { resolveUrl: (path: string) => `http://cafe.local:3000${path}` },
    markReady: vi.fn(() => useAppStore.setState({ ready: true })),
    session: {
      login: vi.fn(() => Promise.resolve()),
      logout: vi.fn(() => useSessionStore.setState({ ...INITIAL_SESSION_STATE })),
      loadCurrentSession: vi.fn(() => Promise.resolve()),
      loadProfile: vi.fn(() => Promise.resolve()),
    },
    games: { load: vi.fn(() => Promise.resolve()) },
    frontDoor: {
      passwordLogin: vi.fn(() => Promise.resolve()),
      redeemForUsername: vi.fn(() => Promise.resolve(0)),
      nfcLogin: vi.fn(() => Promise.resolve()),
      abandon: vi.fn(),
    },
  };
  return { services, bridge };
}

export function renderApp(
  path: string,
  options: { stationInfo?: boolean; ready?: boolean; session?: StoredSession | null } = {},
) {
  initI18n();
  if (options.stationInfo ?? true) useStationStore.setState({ info: STATION });
  if (options.ready ?? true) useAppStore.setState({ ready: true });
  if (options.session) useSessionStore.setState({ session: options.session });
  const { services, bridge } = fakeServices();
  const router = createTestRouter(path);
  const view = render(
    <ServicesContext.Provider value={services as unknown as Services}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
  return { ...view, router, services, bridge };
}
