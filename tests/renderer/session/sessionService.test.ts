import { afterEach, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/renderer/account/accountService.js';
import { useAccountStore } from '../../../src/renderer/account/accountStore.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import { silentLog } from '../support/fakes.js';
import { stopTestApps, testApp } from '../support/testApp.js';

afterEach(stopTestApps);
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { STATION, loginResponse } from '../support/fakes.js';
import { sessionHarness } from '../support/sessionHarness.js';

const NOW = '2025-06-01T10:00:00.000Z';
const validUnlock = {
  sessionId: 'guest-session-1',
  stationId: STATION.stationId,
  stationNumber: 4,
  userId: 'guest-user-1',
  guestUsername: 'guest_4821',
  token: 'guest-token',
};

describe('guest unlock (SPEC §4, §8)', () => {
  it('valid: stores the guest session, acks success and toasts', () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', validUnlock);
    const session = useSessionStore.getState().session;
    expect(session).toMatchObject({
      id: 'guest-session-1',
      sessionId: 'guest-session-1',
      stationId: STATION.stationId,
      stationNumber: 4,
      username: 'guest_4821',
      isGuest: true,
      token: 'guest-token',
      userId: 'guest-user-1',
      macAddress: STATION.macAddress,
      ipAddress: STATION.ipAddress,
    });
    expect(h.storage.read().session).toEqual(session);
    expect(h.api.setToken).toHaveBeenLastCalledWith('guest-token');
    expect(h.acks()).toEqual([
      {
        sessionId: 'guest-session-1',
        success: true,
        stationId: STATION.stationId,
        macAddress: STATION.macAddress,
        timestamp: NOW,
      },
    ]);
    expect(h.notify).toHaveBeenCalledWith('login.guestGranted');
  });

  it('a guest without a token gets a placeholder built from the session id; username falls back', () => {
    const h = sessionHarness();
    const { token: _token, guestUsername: _name, ...rest } = validUnlock;
    h.socket.fire('guestUnlocked', { ...rest, username: 'guest_77' });
    const session = useSessionStore.getState().session;
    expect(session?.username).toBe('guest_77');
    expect(session?.token).toContain('guest-session-1');
    expect(session?.token.length).toBeGreaterThan(0);
  });

  it("valid data the station cannot act on: negative ack 'Failed to process guest unlock', nothing kept (issue 24)", () => {
    const h = sessionHarness();
    h.session.on('started', () => {
      throw new Error('a feature broke');
    });
    h.socket.fire('guestUnlocked', validUnlock);
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.storage.read().session).toBeNull();
    expect(h.acks()).toEqual([expect.objectContaining({ sessionId: 'guest-session-1', success: false, errorMessage: 'Failed to process guest unlock' })]);
    expect(h.notify).not.toHaveBeenCalledWith('login.guestGranted');
  });

  it("the server refuses the guest session (guestUnlockAck success:false): it ends with 'Failed to process guest unlock' (issue 24)", () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', validUnlock);
    // An acceptance, and a refusal of another session or station, change nothing.
    h.socket.fire('guestUnlockAck', { sessionId: 'guest-session-1', success: true, stationId: STATION.stationId });
    h.socket.fire('guestUnlockAck', { sessionId: 'another-session', success: false });
    h.socket.fire('guestUnlockAck', { sessionId: 'guest-session-1', success: false, stationId: 'station-2' });
    expect(useSessionStore.getState().session?.sessionId).toBe('guest-session-1');
    expect(h.notifyError).not.toHaveBeenCalled();

    h.socket.fire('guestUnlockAck', { sessionId: 'guest-session-1', success: false, errorMessage: 'Session already ended' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.storage.read().session).toBeNull();
    expect(h.notifyError).toHaveBeenCalledWith('error.guestUnlock.failed');
    // The server refused it: the station does not report itself available on its own.
    expect(h.statusSender.report).not.toHaveBeenCalledWith('available');
  });

  it('invalid data: negative ack with the exact text, nothing stored', () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', { sessionId: 'bad-1', stationId: STATION.stationId });
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.acks()).toEqual([
      {
        sessionId: 'bad-1',
        success: false,
        errorMessage: 'Received invalid guest unlock data from server.',
        stationId: STATION.stationId,
        macAddress: STATION.macAddress,
        timestamp: NOW,
      },
    ]);
    expect(h.notify).not.toHaveBeenCalled();
  });

  it('a payload exactly as SPEC §3 lists it (no user id) unlocks, and the user id is learned later', () => {
    const h = sessionHarness();
    const specShaped = {
      sessionId: 'guest-session-2',
      stationId: STATION.stationId,
      stationNumber: 4,
      guestUsername: 'guest_9001',
      token: 'guest-token-2',
    };
    h.socket.fire('guestUnlocked', specShaped);
    expect(h.acks()).toEqual([
      { sessionId: 'guest-session-2', success: true, stationId: STATION.stationId, macAddress: STATION.macAddress, timestamp: NOW },
    ]);
    const session = useSessionStore.getState().session;
    expect(session).toMatchObject({ sessionId: 'guest-session-2', username: 'guest_9001', isGuest: true, userId: '' });
    expect(h.storage.read().session).toEqual(session);
    // Nothing to ask the server about until a user id is known (no 404 logout).
    void h.session.loadCurrentSession();
    expect(h.api.call).not.toHaveBeenCalled();
    h.socket.fire('sessionBalanceUpdate', {
      sessionId: 'guest-session-2',
      userId: 'guest-user-2',
      totalUsableBalance: 0,
      remainingMinutes: 30,
    });
    expect(useSessionStore.getState().session?.userId).toBe('guest-user-2');
    expect(h.storage.read().session?.userId).toBe('guest-user-2');
    expect(h.socket.emitted.filter((e) => e.event === 'updateUserId').at(-1)?.args[0]).toEqual({ userId: 'guest-user-2' });
  });

  it('raises guestUnlockSuccess on window for a guest let in', () => {
    const h = sessionHarness();
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener('guestUnlockSuccess', listener);
    try {
      h.socket.fire('guestUnlocked', validUnlock);
    } finally {
      window.removeEventListener('guestUnlockSuccess', listener);
    }
    expect(seen).toEqual([
      { sessionId: 'guest-session-1', stationId: STATION.stationId, stationNumber: 4, username: 'guest_4821' },
    ]);
  });

  it('tells the shell UserLogin with the username when the guest is let in', () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', validUnlock);
    expect(h.bridge.sent).toContainEqual({ command: 'UserLogin', Username: 'guest_4821' });
  });

  it("another station's unlock is ignored silently", () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', { ...validUnlock, stationId: 'station-2' });
    h.socket.fire('guestUnlocked', { sessionId: 'x', stationId: 'station-2' });
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.acks()).toEqual([]);
    expect(h.notify).not.toHaveBeenCalled();
  });
});

describe('session lifecycle (SPEC §4)', () => {
  it('a password login (the front door, both gates passed) stores the session, sets the token and persists it', async () => {
    const response = loginResponse();
    useStationStore.setState({ info: STATION });
    const app = testApp({ call: () => Promise.resolve(response), start: true });
    const h = { api: app.core.api, storage: app.core.storage };
    await app.features.frontDoor.service.frontDoor.passwordLogin('ali', 'secret', STATION);
    const session = useSessionStore.getState().session;
    expect(session).toEqual({
      id: 'session-9',
      sessionId: 'session-9',
      stationId: STATION.stationId,
      stationNumber: 4,
      username: 'ali',
      isGuest: false,
      startTime: expect.any(String),
      macAddress: STATION.macAddress,
      ipAddress: STATION.ipAddress,
      token: 'token-abc',
      userId: 'user-7',
    });
    expect(useAccountStore.getState()).toEqual({ type: 'regular', level: 3, xp: 1200, balance: 5000 });
    expect(h.api.setToken).toHaveBeenLastCalledWith('token-abc');
    expect(h.storage.read().session).toEqual(session);
    const [route, options] = h.api.call.mock.calls[0]!;
    expect(route.path).toBe('/auth/client/login');
    expect(options).toEqual({ body: { username: 'ali', password: 'secret', macAddress: STATION.macAddress } });
    app.stop();
  });

  it('sessionEnded for this session clears the session and storage; another station and session is ignored', () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', validUnlock);
    h.socket.fire('sessionEnded', { sessionId: 'other', stationId: 'station-2' });
    expect(useSessionStore.getState().session).not.toBeNull();
    h.socket.fire('sessionEnded', { sessionId: 'guest-session-1', stationId: STATION.stationId });
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.storage.read().session).toBeNull();
    expect(h.api.setToken).toHaveBeenLastCalledWith(null);
  });

  it('sessionBalanceUpdate for this session sets the remaining minutes', () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', validUnlock);
    h.socket.fire('sessionBalanceUpdate', {
      sessionId: 'guest-session-1',
      userId: 'guest-user-1',
      totalUsableBalance: 1000,
      remainingMinutes: 42,
    });
    expect(useSessionStore.getState().remainingMinutes).toBe(42);
    h.socket.fire('sessionBalanceUpdate', {
      sessionId: 'other',
      userId: 'x',
      totalUsableBalance: 1,
      remainingMinutes: 1,
    });
    expect(useSessionStore.getState().remainingMinutes).toBe(42);
  });

  it('the current-session call sets the remaining time; a 404 logs out', async () => {
    let answer: () => Promise<never> = () =>
      Promise.resolve({
        sessionId: 'guest-session-1',
        userId: 'guest-user-1',
        stationId: STATION.stationId,
        startTime: NOW,
        isPrepaid: true,
        remainingMinutes: 90,
      }) as never;
    const h = sessionHarness({ call: () => answer() });
    h.socket.fire('guestUnlocked', validUnlock);
    await h.session.loadCurrentSession();
    expect(h.api.call.mock.calls[0]![1]).toEqual({ params: { userId: 'guest-user-1' } });
    expect(useSessionStore.getState()).toMatchObject({ remainingMinutes: 90, isPrepaid: true });

    answer = () => Promise.reject(new ApiError('Request failed with status code 500', 'http', 500));
    await h.session.loadCurrentSession();
    expect(useSessionStore.getState().session).not.toBeNull();

    answer = () => Promise.reject(new ApiError('Request failed with status code 404', 'http', 404));
    await h.session.loadCurrentSession();
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('restores the stored session at startup', () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', validUnlock);
    const stored = h.storage.read().session;
    useSessionStore.setState({ session: null });
    expect(h.session.restore()).toBe(true);
    expect(useSessionStore.getState().session).toEqual(stored);
  });

  it('logout tells the shell, reports the station available and clears', () => {
    const h = sessionHarness();
    h.socket.fire('guestUnlocked', validUnlock);
    h.session.logout();
    expect(h.bridge.commands()).toContain('UserLogout');
    expect(h.statusSender.report).toHaveBeenCalledWith('available');
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.storage.read().session).toBeNull();
  });
});

describe('profile check (SPEC §4)', () => {
  const signIn = (h: ReturnType<typeof sessionHarness>) => h.session.startFromLogin(loginResponse(), STATION);
  const accountOf = (h: ReturnType<typeof sessionHarness>) => {
    const account = new AccountService({ api: h.api as never, connection: h.connection, session: h.session, log: silentLog });
    account.attach();
    return account;
  };

  it('a 401 on the profile check clears the login', async () => {
    const h = sessionHarness({ call: () => Promise.reject(new ApiError('Unauthorized', 'http', 401)) });
    signIn(h);
    await accountOf(h).refresh();
    expect(useSessionStore.getState().session).toBeNull();
    expect(h.storage.read().session).toBeNull();
    expect(h.api.setToken).toHaveBeenLastCalledWith(null);
    expect(h.bridge.commands()).toContain('UserLogout');
  });

  it('any other failure keeps the user signed in', async () => {
    const h = sessionHarness({ call: () => Promise.reject(new ApiError('down', 'network')) });
    signIn(h);
    await accountOf(h).refresh();
    expect(useSessionStore.getState().session?.sessionId).toBe('session-9');
  });

  it('tells the shell UserLogin when a user logs in', () => {
    const h = sessionHarness();
    signIn(h);
    expect(h.bridge.sent).toContainEqual({ command: 'UserLogin', Username: 'ali' });
  });
});
