/** The root: the feature list main.tsx and the tests build, started and stopped as one. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/renderer/app/features.js';
import type { ResettableStore } from '../../../src/renderer/core/feature.js';
import { useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import { STATION, loginResponse } from '../support/fakes.js';
import { GUEST_SESSION } from '../support/renderApp.js';
import { fakeCore, stopTestApps, testApp } from '../support/testApp.js';

afterEach(stopTestApps);

/** Every zustand store the renderer defines, found by reading every module (main.tsx aside). */
function everyStore(): Map<string, ResettableStore & { getState(): object }> {
  const modules = import.meta.glob<Record<string, unknown>>(
    ['../../../src/renderer/**/*.{ts,tsx}', '!../../../src/renderer/main.tsx', '!../../../src/renderer/**/*.d.ts'],
    { eager: true },
  );
  const stores = new Map<string, ResettableStore & { getState(): object }>();
  for (const [path, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'function') continue;
      const candidate = value as unknown as Partial<ResettableStore & { getState(): object; subscribe: unknown }>;
      if (candidate.getInitialState && candidate.setState && candidate.subscribe) {
        stores.set(`${path}#${name}`, candidate as ResettableStore & { getState(): object });
      }
    }
  }
  return stores;
}

describe('the app (app/features.ts)', () => {
  it('resets every store the renderer defines — none can fall out of the list', () => {
    const stores = everyStore();
    expect(stores.size).toBeGreaterThanOrEqual(10);
    for (const store of stores.values()) store.setState({ ...store.getState(), dirty: true } as object, true);
    createApp(fakeCore()).resetStores();
    for (const [name, store] of stores) expect(store.getState(), name).toEqual(store.getInitialState());
  });

  it('starts in list order: the session is restored, the shell asked who we are; stop undoes it', () => {
    const app = testApp();
    const core = app.core;
    core.storage.update({ session: { ...GUEST_SESSION, sessionId: 'restored-1', id: 'restored-1' } });
    const stop = app.start();
    expect(useSessionStore.getState().session?.sessionId).toBe('restored-1');
    expect(core.bridge.commands()).toContain('GimmeData');
    stop();
    expect(core.connection.state).toBe('disconnected');
  });

  it('logs out on AdminLogout from the shell and on staff LOGOUT_USER', () => {
    const app = testApp({ start: true });
    const { session } = app.features.session.service;
    session.startFromLogin(loginResponse(), STATION);
    app.core.bridge.receive({ command: 'AdminLogout' });
    expect(session.current).toBeNull();

    useStationStore.setState({ info: STATION });
    session.startFromLogin(loginResponse(), STATION);
    const logout = vi.spyOn(session, 'logout');
    app.core.connection.connect(STATION);
    app.core.sockets.at(-1)!.fire('connect');
    app.core.sockets.at(-1)!.fire('stationCommand', { command: 'LOGOUT_USER', stationId: STATION.stationId, timestamp: 1 });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(session.current).toBeNull();
  });

  it("the front door's login claims its own sessionStarted (no construction-order cycle)", async () => {
    useStationStore.setState({ info: STATION });
    let answer!: (value: unknown) => void;
    const app = testApp({ call: () => new Promise((resolve) => (answer = resolve)), start: true });
    app.core.connection.connect(STATION);
    app.core.sockets.at(-1)!.fire('connect');
    const login = app.features.frontDoor.service.frontDoor.passwordLogin('ali', 'secret', STATION);
    app.core.sockets.at(-1)!.fire('sessionStarted', {
      sessionId: 'session-9',
      stationId: STATION.stationId,
      stationNumber: 4,
      userId: 'user-7',
      username: 'ali',
      startTime: '2025-06-01T10:00:00.000Z',
      isGuest: false,
      macAddress: STATION.macAddress,
      ipAddress: STATION.ipAddress,
    });
    // Not started by the event: the login (and its gates) decide.
    expect(useSessionStore.getState().session).toBeNull();
    answer(loginResponse({ requirePasswordReset: true }));
    await login;
    expect(useSessionStore.getState().session).toBeNull();
  });
});
