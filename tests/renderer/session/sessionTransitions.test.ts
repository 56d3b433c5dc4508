/** SPEC §4 session transitions beyond guest unlock and login (see session.test.ts for those). */
import { describe, expect, it, vi } from 'vitest';
import { LEGACY_GUEST_KEY } from '../../../src/renderer/session/legacyGuest.js';
import { SessionService } from '../../../src/renderer/session/sessionService.js';
import { useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { useLockStore } from '../../../src/renderer/session/lock/lockService.js';
import { createLocalStateStore } from '../../../src/renderer/core/storage/localState.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import { stopTestApps, testApp } from '../support/testApp.js';
import { FakeBridge, STATION, loginResponse, memoryStorage, silentLog } from '../support/fakes.js';
import { sessionHarness } from '../support/sessionHarness.js';

const started = {
  sessionId: 'ses-42',
  stationId: STATION.stationId,
  stationNumber: 4,
  userId: 'user-7',
  username: 'ali',
  startTime: '2025-06-01T09:59:00.000Z',
  isGuest: false,
  macAddress: STATION.macAddress,
  ipAddress: STATION.ipAddress,
  token: 'tok-42',
};

describe('sessionStarted (SPEC §4)', () => {
  it('opens the session for this station by stationId, sets the token and reports in_use', () => {
    const h = sessionHarness();
    h.socket.fire('sessionStarted', started);
    expect(useSessionStore.getState().session).toMatchObject({
      sessionId: 'ses-42',
      username: 'ali',
      isGuest: false,
      startTime: '2025-06-01T09:59:00.000Z',
      token: 'tok-42',
      userId: 'user-7',
    });
    expect(h.api.setToken).toHaveBeenLastCalledWith('tok-42');
    expect(h.storage.read().session?.sessionId).toBe('ses-42');
    expect(h.statusSender.report).toHaveBeenLastCalledWith('in_use');
    expect(h.notify).not.toHaveBeenCalled();
  });

  it('matches by MAC address (any case and separator) when the station id differs', () => {
    const h = sessionHarness();
    h.socket.fire('sessionStarted', { ...started, stationId: 'old-id', macAddress: STATION.macAddress.toLowerCase().replaceAll(':', '-') });
    expect(useSessionStore.getState().session?.sessionId).toBe('ses-42');
  });

  it('ignores another station, and the session that is already current', () => {
    const h = sessionHarness();
    h.socket.fire('sessionStarted', { ...started, stationId: 'station-2', macAddress: '02:00:00:00:00:99' });
    expect(useSessionStore.getState().session).toBeNull();
    h.socket.fire('sessionStarted', started);
    h.api.setToken.mockClear();
    h.socket.fire('sessionStarted', { ...started, token: 'other' });
    expect(h.api.setToken).not.toHaveBeenCalled();
    expect(useSessionStore.getState().session?.token).toBe('tok-42');
  });

  it('a guest_ name is a guest; a guest without a token gets the placeholder from the session id; the toast shows', () => {
    const h = sessionHarness();
    const { token: _token, ...noToken } = started;
    h.socket.fire('sessionStarted', { ...noToken, username: 'guest_9f2a' });
    const session = useSessionStore.getState().session;
    expect(session?.isGuest).toBe(true);
    expect(session?.token).toBe('guest-session-ses-42');
    expect(h.api.setToken).toHaveBeenLastCalledWith('guest-session-ses-42');
    expect(h.notify).toHaveBeenCalledWith('login.guestGranted');
  });
});

describe('session end (SPEC §4)', () => {
  it('sessionEnded for this station ends the session with the logout sequence', () => {
    const h = sessionHarness();
    h.socket.fire('sessionStarted', started);
    h.socket.fire('sessionEnded', { sessionId: 'ses-42', stationId: STATION.stationId, reason: 'balance_exhausted' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.storage.read().session).toBeNull();
    expect(h.bridge.commands()).toContain('UserLogout');
    expect(h.statusSender.report).toHaveBeenLastCalledWith('available');
    expect(h.api.setToken).toHaveBeenLastCalledWith(null);
  });

  it("a session replaced by a new one does not report the station available", () => {
    const h = sessionHarness();
    h.socket.fire('sessionStarted', started);
    h.statusSender.report.mockClear();
    h.socket.fire('sessionEnded', { sessionId: 'ses-42', stationId: STATION.stationId, reason: 'replaced_by_new_session' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.statusSender.report).not.toHaveBeenCalled();
  });

  it("stationStatusChanged 'available' for this station ends the session; for another station it does not", () => {
    const h = sessionHarness();
    h.socket.fire('sessionStarted', started);
    h.socket.fire('stationStatusChanged', { stationId: 'station-2', status: 'available', stationNumber: 2 });
    h.socket.fire('stationStatusChanged', { stationId: STATION.stationId, status: 'maintenance', stationNumber: 4 });
    expect(useSessionStore.getState().session).not.toBeNull();
    h.socket.fire('stationStatusChanged', { stationId: STATION.stationId, status: 'available', stationNumber: 4 });
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.storage.read().session).toBeNull();
  });

  it('logout closes tracked games first, signs staff out of admin mode (SignOutAdmin, not UserLogout), reports available and clears auth', async () => {
    useStationStore.setState({ info: STATION });
    const app = testApp({ call: () => Promise.resolve(loginResponse({ type: 'admin' })), start: true });
    const closeTrackedGames = vi.spyOn(app.features.games.service, 'closeTrackedGames');
    const report = vi.spyOn(app.features.station.service.status, 'report');
    const { session } = app.features.session.service;
    await app.features.frontDoor.service.frontDoor.passwordLogin('admin', 'admin123', STATION);
    const tokenWhileClosing: unknown[] = [];
    let released = () => {};
    closeTrackedGames.mockImplementation(() => {
      tokenWhileClosing.push(session.current?.sessionId);
      return new Promise<void>((resolve) => (released = resolve));
    });
    session.logout();
    expect(closeTrackedGames).toHaveBeenCalledTimes(1);
    expect(tokenWhileClosing).toEqual(['session-9']);
    // Issue 24: the centre accounts are released with the session's token, before the station reports itself available.
    expect(report).not.toHaveBeenLastCalledWith('available');
    expect(app.core.api.setToken).not.toHaveBeenLastCalledWith(null);
    session.logout(); // a second click while it waits changes nothing
    expect(closeTrackedGames).toHaveBeenCalledTimes(1);
    released();
    await vi.waitFor(() => expect(useSessionStore.getState().session).toBeNull());
    // Issue 24: staff sign in at the station into admin mode and out of it again.
    expect(app.core.bridge.commands()).toContain('AdminLogin');
    expect(app.core.bridge.commands()).not.toContain('UserLogin');
    expect(app.core.bridge.commands()).toContain('SignOutAdmin');
    expect(app.core.bridge.commands()).not.toContain('UserLogout');
    expect(report).toHaveBeenLastCalledWith('available');
    expect(app.core.api.setToken).toHaveBeenLastCalledWith(null);
    stopTestApps();
  });
});

describe('the shell about an idle PC and staff (issue 24)', () => {
  it("SystemIdle locks a signed-in customer's screen (ScreenLocked); with nobody signed in it does nothing", async () => {
    useStationStore.setState({ info: STATION });
    const app = testApp({ call: () => Promise.resolve(loginResponse()), start: true });
    app.core.bridge.receive({ command: 'SystemIdle', idleSeconds: 600 });
    expect(useLockStore.getState().locked).toBe(false);
    await app.features.frontDoor.service.frontDoor.passwordLogin('ali', 'ali12345', STATION);
    app.core.bridge.receive({ command: 'SystemIdle', idleSeconds: 600 });
    expect(useLockStore.getState().locked).toBe(true);
    expect(app.core.bridge.commands()).toContain('ScreenLocked');
    stopTestApps();
  });

  it('staff found signed in by the profile check get admin mode (AdminLogin); the shell can sign them out (AdminLogout)', async () => {
    useStationStore.setState({ info: STATION });
    const app = testApp({ call: () => Promise.resolve(loginResponse()), start: true });
    const { session } = app.features.session.service;
    await app.features.frontDoor.service.frontDoor.passwordLogin('desk', 'desk1234', STATION);
    expect(app.core.bridge.commands()).toContain('UserLogin');
    session.noteUserType('admin');
    expect(app.core.bridge.sent).toContainEqual({ command: 'AdminLogin', Username: 'ali' });
    session.noteUserType('admin'); // once
    expect(app.core.bridge.commands().filter((c) => c === 'AdminLogin')).toHaveLength(1);
    app.core.bridge.receive({ command: 'AdminLogout' });
    await vi.waitFor(() => expect(useSessionStore.getState().session).toBeNull());
    expect(app.core.bridge.commands()).toContain('SignOutAdmin');
    stopTestApps();
  });
});

describe('restore and legacy guest data (SPEC §3, §4)', () => {
  const build = (backing: ReturnType<typeof memoryStorage>) => {
    const setToken = vi.fn();
    const statusSender = { report: vi.fn() };
    const storage = createLocalStateStore(backing, silentLog);
    const session = new SessionService({
      api: { call: vi.fn() as never, setToken },
      connection: { on: () => () => undefined, emit: () => true, updateUserId: () => false },
      bridge: new FakeBridge(),
      storage,
      statusSender,
      getStation: () => STATION,
      getStationNumber: () => 4,
      notify: vi.fn(),
      legacyStorage: backing,
      now: () => new Date('2025-06-01T10:00:00.000Z'),
      log: silentLog,
    });
    return { session, setToken, statusSender, storage };
  };

  it("migrates legacy guest data into a 'Guest' session with an empty token and removes the old key", () => {
    const backing = memoryStorage({
      [LEGACY_GUEST_KEY]: JSON.stringify({ sessionId: 'old-7', stationId: STATION.stationId, stationNumber: 4 }),
    });
    const { session, setToken, statusSender, storage } = build(backing);
    expect(session.restore()).toBe(true);
    const restored = useSessionStore.getState().session;
    expect(restored).toMatchObject({ sessionId: 'old-7', username: 'Guest', isGuest: true, token: '', stationNumber: 4 });
    expect(storage.read().session?.token).toBe('');
    // A guest without a token authenticates with the placeholder.
    expect(setToken).toHaveBeenLastCalledWith('guest-session-old-7');
    expect(statusSender.report).toHaveBeenLastCalledWith('in_use');
    expect(backing.data.has(LEGACY_GUEST_KEY)).toBe(false);
  });

  it('drops unusable legacy data and starts with no session', () => {
    const backing = memoryStorage({ [LEGACY_GUEST_KEY]: '{not json' });
    const { session } = build(backing);
    useSessionStore.setState({ session: null });
    expect(session.restore()).toBe(false);
    expect(backing.data.has(LEGACY_GUEST_KEY)).toBe(false);
  });
});
