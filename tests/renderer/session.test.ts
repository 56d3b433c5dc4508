import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/renderer/api/apiError.js';
import { useSessionStore } from '../../src/renderer/session/sessionStore.js';
import { STATION, loginResponse } from './support/fakes.js';
import { sessionHarness } from './support/sessionHarness.js';

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
  it('login stores the session, sets the token and persists it', async () => {
    const response = loginResponse();
    const h = sessionHarness({ call: () => Promise.resolve(response) as never });
    await h.session.login('ali', 'secret', STATION);
    const session = useSessionStore.getState().session;
    expect(session).toEqual({
      id: 'session-9',
      sessionId: 'session-9',
      stationId: STATION.stationId,
      stationNumber: 4,
      username: 'ali',
      isGuest: false,
      startTime: NOW,
      macAddress: STATION.macAddress,
      ipAddress: STATION.ipAddress,
      token: 'token-abc',
      userId: 'user-7',
    });
    expect(useSessionStore.getState().level).toBe(3);
    expect(h.api.setToken).toHaveBeenLastCalledWith('token-abc');
    expect(h.storage.read().session).toEqual(session);
    const [route, options] = h.api.call.mock.calls[0]!;
    expect(route.path).toBe('/auth/client/login');
    expect(options).toEqual({ body: { username: 'ali', password: 'secret', macAddress: STATION.macAddress } });
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
