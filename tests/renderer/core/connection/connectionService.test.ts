import { beforeEach, describe, expect, it, vi, afterEach } from 'vitest';
import { reconnectDelay } from '../../../../src/renderer/core/connection/connectionService.js';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../../../src/renderer/core/connection/connectionStore.js';
import { FakeBridge, fakeConnection, STATION, silentLog } from '../../support/fakes.js';

function setup(random = 0) {
  const bridge = new FakeBridge();
  const log = { ...silentLog, warn: vi.fn() };
  let userId = '';
  const { connection: service, sockets } = fakeConnection({ bridge, getUserId: () => userId, random: () => random, log });
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket yet');
    return socket;
  };
  return { service, bridge, sockets, latest, log, setUserId: (id: string) => (userId = id) };
}

const state = () => useConnectionStore.getState().state;

describe('realtime connection (SPEC §4, §7)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to {serverUrl}/events with websocket then polling, no auto-reconnect, and the station query', () => {
    const { service, latest, setUserId } = setup();
    setUserId('user-7');
    service.connect(STATION);
    expect(state()).toBe('connecting');
    expect(latest().url).toBe('http://cafe.local:3000/events');
    expect(latest().options).toMatchObject({
      transports: ['websocket', 'polling'],
      reconnection: false,
      query: {
        clientType: 'station',
        stationId: STATION.stationId,
        macAddress: STATION.macAddress,
        ipAddress: STATION.ipAddress,
        stationName: STATION.pcName,
        userId: 'user-7',
      },
    });
  });

  it('maps random 0 → 1000 ms and random 1 → 3000 ms', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(1)).toBe(3000);
    expect(reconnectDelay(0.5)).toBe(2000);
  });

  it('after a connect failure: reconnecting, then a new attempt after the random delay (1 s for 0)', () => {
    const { service, sockets, latest } = setup(0);
    service.connect(STATION);
    latest().fire('connect_error', new Error('xhr poll error'));
    expect(state()).toBe('reconnecting');
    expect(useConnectionStore.getState().lifecycle).toBe('error');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('retries after 3 s for random 1, with no attempt limit', () => {
    const { service, sockets, latest } = setup(1);
    service.connect(STATION);
    for (let attempt = 1; attempt <= 25; attempt += 1) {
      latest().fire('connect_error', new Error('refused'));
      vi.advanceTimersByTime(2999);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
    }
  });

  it('an unexpected disconnect retries; a deliberate disconnect does not', () => {
    const { service, sockets, latest } = setup(0);
    service.connect(STATION);
    latest().fire('connect');
    latest().fire('disconnect', 'transport close');
    expect(state()).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);

    latest().fire('connect');
    service.disconnect();
    expect(state()).toBe('disconnected');
    expect(latest().disconnected).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('sends ConnectionRestored on entering connected and ConnectionLost on leaving it', () => {
    const { service, bridge, latest } = setup(0);
    service.connect(STATION);
    latest().fire('connect_error', new Error('refused'));
    expect(bridge.commands()).toEqual([]);
    vi.advanceTimersByTime(1000);
    latest().fire('connect');
    expect(state()).toBe('connected');
    expect(useConnectionStore.getState().lifecycle).toBe('ready');
    expect(bridge.commands()).toEqual(['ConnectionRestored']);
    latest().fire('disconnect', 'ping timeout');
    expect(bridge.commands()).toEqual(['ConnectionRestored', 'ConnectionLost']);
    vi.advanceTimersByTime(1000);
    latest().fire('connect');
    expect(bridge.commands()).toEqual(['ConnectionRestored', 'ConnectionLost', 'ConnectionRestored']);
  });

  it('registers handlers once per socket and dispatches parsed payloads', () => {
    const { service, latest } = setup();
    const ended = vi.fn();
    service.on('sessionEnded', ended);
    service.connect(STATION);
    expect(latest().listenerCount('sessionEnded')).toBe(1);
    latest().fire('sessionEnded', { sessionId: 's-1', stationId: STATION.stationId });
    expect(ended).toHaveBeenCalledWith({ sessionId: 's-1', stationId: STATION.stationId });
  });

  it('forwards a staff screenshot request to the shell as ScreenShot with its id and upload path (issue 24); a bad one is dropped', () => {
    const { service, bridge, latest } = setup();
    service.connect(STATION);
    latest().fire('connect');
    latest().fire('screenshotRequested', { id: 'shot_1', stationId: STATION.stationId });
    latest().fire('screenshotRequested', { id: 'shot_1', stationId: STATION.stationId, uploadPath: '/station-screenshots/shot_1' });
    expect(bridge.sent.filter((m) => m.command === 'ScreenShot')).toEqual([{ command: 'ScreenShot', id: 'shot_1', uploadPath: '/station-screenshots/shot_1' }]);
  });

  it('drops a bad payload with a warning and keeps working', () => {
    const { service, latest, log } = setup();
    const balance = vi.fn();
    service.on('sessionBalanceUpdate', balance);
    service.connect(STATION);
    expect(() => latest().fire('sessionBalanceUpdate', { sessionId: 42 })).not.toThrow();
    expect(() => latest().fire('sessionBalanceUpdate', 'garbage')).not.toThrow();
    expect(balance).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalled();
    const good = { sessionId: 's-1', userId: 'u-1', totalUsableBalance: 100, remainingMinutes: 30 };
    latest().fire('sessionBalanceUpdate', good);
    expect(balance).toHaveBeenCalledWith(good);
  });

  it('a failing handler does not crash the socket or other handlers', () => {
    const { service, latest } = setup();
    const second = vi.fn();
    service.on('sessionEnded', () => {
      throw new Error('boom');
    });
    service.on('sessionEnded', second);
    service.connect(STATION);
    latest().fire('sessionEnded', { sessionId: 's-1', stationId: STATION.stationId });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('emits only when connected; updateUserId only when connected', () => {
    const { service, latest } = setup();
    service.connect(STATION);
    expect(service.updateUserId('u-1')).toBe(false);
    expect(
      service.emit('station_status_update', { status: 'available', timestamp: 't', stationId: 's', macAddress: 'm' }),
    ).toBe(false);
    expect(latest().emitted).toEqual([]);
    latest().fire('connect');
    expect(service.updateUserId('u-1')).toBe(true);
    expect(latest().emitted[0]?.event).toBe('updateUserId');
    expect(latest().emitted[0]?.args[0]).toEqual({ userId: 'u-1' });
  });
});

describe('handlers across reconnects (SPEC §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE });
  });
  afterEach(() => vi.useRealTimers());

  it('after many reconnects a subscriber still hears each event exactly once', () => {
    const { service, sockets, latest } = setup(0);
    const ended = vi.fn();
    service.on('sessionEnded', ended);
    service.connect(STATION);
    for (let i = 0; i < 5; i += 1) {
      latest().fire('connect');
      latest().fire('disconnect', 'transport close');
      vi.advanceTimersByTime(1000);
    }
    latest().fire('connect');
    expect(sockets).toHaveLength(6);
    // Old sockets were stripped of their listeners; the live one has one per event.
    expect(sockets.slice(0, -1).every((s) => s.listenerCount('sessionEnded') === 0)).toBe(true);
    expect(latest().listenerCount('sessionEnded')).toBe(1);
    expect(latest().listenerCount('connect')).toBe(1);
    latest().fire('sessionEnded', { sessionId: 's-1', stationId: STATION.stationId });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a deliberate disconnect while a retry is pending cancels the retry', () => {
    const { service, sockets, latest } = setup(1);
    service.connect(STATION);
    latest().fire('connect_error', new Error('refused'));
    service.disconnect();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(state()).toBe('disconnected');
  });

  it("keeps the server's connectionStatus: a refusal stands until the next connect (issue 24)", () => {
    const { service, latest } = setup();
    service.connect(STATION);
    latest().fire('connect');
    latest().fire('connectionStatus', { status: 'connected', stationId: 7 });
    expect(useConnectionStore.getState().serverRefused).toBe(false);
    latest().fire('connectionStatus', { connected: false });
    expect(useConnectionStore.getState().serverRefused).toBe(true);
    latest().fire('connectionStatus', {});
    expect(useConnectionStore.getState().serverRefused).toBe(false);
    latest().fire('connectionStatus', { status: 'unregistered' });
    expect(useConnectionStore.getState().serverRefused).toBe(true);
    latest().fire('disconnect', 'transport close');
    vi.advanceTimersByTime(1_000);
    latest().fire('connect');
    expect(useConnectionStore.getState().serverRefused).toBe(false);
  });
});
