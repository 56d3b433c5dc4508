import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import { INITIAL_SESSION_STATE, useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { SessionTimeService, warningCrossed } from '../../../src/renderer/session/sessionTime.js';
import { WARNING_SOUND_GAP_MS, createWarningSound } from '../../../src/renderer/session/warningSound.js';
import { SESSION_TIME_UPDATE_MS } from '../../../src/shared/constants.js';
import { emptyPriceList, UNITS_PER_IQD, type MeterSnapshot } from '../../../src/shared/pricing/index.js';
import { FakeBridge, silentLog } from '../support/fakes.js';
import { GUEST_SESSION } from '../support/renderApp.js';

const MINUTE = SESSION_TIME_UPDATE_MS;

function setup(connected = true) {
  useSessionStore.setState({ ...INITIAL_SESSION_STATE });
  useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE, state: connected ? 'connected' : 'reconnecting' });
  const bridge = new FakeBridge();
  const refresh = vi.fn(() => Promise.resolve());
  const onTimeUp = vi.fn(() => useSessionStore.setState({ ...INITIAL_SESSION_STATE }));
  const playSound = vi.fn();
  const service = new SessionTimeService({ bridge, refresh, onTimeUp, playSound, log: silentLog });
  service.start();
  const begin = (remainingMinutes: number | null) =>
    useSessionStore.setState({ session: GUEST_SESSION, remainingMinutes });
  const setRemaining = (remainingMinutes: number | null) => useSessionStore.setState({ remainingMinutes });
  const remaining = () => useSessionStore.getState().remainingMinutes;
  return { service, bridge, refresh, onTimeUp, playSound, begin, setRemaining, remaining };
}

describe('time warnings (SPEC §4, §9: 10, 5, 3 minutes; sound 3, 4, 5 times)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns once at each threshold with the sound count and TimeRemaining to the shell', () => {
    const { service, bridge, playSound, begin, setRemaining } = setup();
    begin(12);
    for (const m of [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]) setRemaining(m);
    expect(playSound.mock.calls).toEqual([[3], [4], [5]]);
    expect(bridge.sent).toEqual([
      { command: 'TimeRemaining', minutes: 10 },
      { command: 'TimeRemaining', minutes: 5 },
      { command: 'TimeRemaining', minutes: 3 },
    ]);
    // Bouncing around a threshold does not warn again in the same session.
    setRemaining(11);
    setRemaining(10);
    expect(playSound).toHaveBeenCalledTimes(3);
    service.stop();
  });

  it('a jump across several thresholds warns once, for the most urgent', () => {
    expect(warningCrossed(12, 4, new Set())).toMatchObject({ minutes: 5, soundRepeats: 4 });
    expect(warningCrossed(12, 2, new Set())).toMatchObject({ minutes: 3, soundRepeats: 5 });
    expect(warningCrossed(11, 10, new Set())).toMatchObject({ minutes: 10, soundRepeats: 3 });
    expect(warningCrossed(10, 9, new Set([10]))).toBeNull();
    expect(warningCrossed(30, null, new Set())).toBeNull();
  });

  it('an open session (no remaining time) never warns; a new session warns afresh', () => {
    const { service, playSound, begin, setRemaining } = setup();
    begin(null);
    vi.advanceTimersByTime(MINUTE * 5);
    expect(playSound).not.toHaveBeenCalled();
    setRemaining(11);
    setRemaining(10);
    expect(playSound).toHaveBeenCalledTimes(1);
    useSessionStore.setState({ ...INITIAL_SESSION_STATE });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 'gs-2' }, remainingMinutes: 11 });
    setRemaining(10);
    expect(playSound).toHaveBeenCalledTimes(2);
    service.stop();
  });

  it('plays the sound the asked number of times, 700 ms apart', () => {
    const once = vi.fn();
    createWarningSound(once)(4);
    expect(once).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(WARNING_SOUND_GAP_MS * 3);
    expect(once).toHaveBeenCalledTimes(4);
  });
});

describe('session time updates every 60 000 ms, and the cable-pull rule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('while connected asks the server every minute', () => {
    const { service, refresh, begin, remaining } = setup(true);
    begin(30);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MINUTE * 2);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(remaining()).toBe(30);
    service.stop();
  });

  it('disconnected: counts down locally every minute and locks at zero (cable pulled with 2 minutes left)', () => {
    const { service, refresh, onTimeUp, begin, remaining } = setup(true);
    begin(2);
    useConnectionStore.setState({ state: 'reconnecting' });
    vi.advanceTimersByTime(MINUTE);
    expect(remaining()).toBe(1);
    expect(onTimeUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE - 1);
    expect(onTimeUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(useSessionStore.getState().session).toBeNull();
    vi.advanceTimersByTime(MINUTE * 5);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    service.stop();
  });

  it("back online: the server's figure is asked for at once and wins over the local one", () => {
    const { service, refresh, begin, setRemaining, remaining } = setup(false);
    begin(20);
    vi.advanceTimersByTime(MINUTE * 3);
    expect(remaining()).toBe(17);
    useConnectionStore.setState({ state: 'connected' });
    expect(refresh).toHaveBeenCalledTimes(1);
    setRemaining(18); // what the server says
    vi.advanceTimersByTime(MINUTE);
    expect(remaining()).toBe(18);
    service.stop();
  });

  it('the local countdown warns like the server figure does', () => {
    const { service, playSound, bridge, begin } = setup(false);
    begin(11);
    vi.advanceTimersByTime(MINUTE);
    expect(playSound).toHaveBeenCalledWith(3);
    expect(bridge.sent).toEqual([{ command: 'TimeRemaining', minutes: 10 }]);
    service.stop();
  });
});

describe('the offline countdown by the price list (issue 26)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const local = (hhmm: string): number => Date.parse(`2026-11-27T${hhmm}:00+03:00`);
  /** Standard at 2,000 IQD/hour, a 50 % happy hour 14:00–17:00; billed up to 13:45 with 1,000 IQD to spend, read by the server at 13:45. */
  const meter: MeterSnapshot = {
    sessionId: 's-1',
    at: local('13:45'),
    list: {
      ...emptyPriceList(),
      periods: [{ id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4, 5, 6], dates: [], start: 840, end: 1020, hourlyRate: null, percentOff: 50 }],
    },
    baseRate: 2000,
    groupId: null,
    tierId: null,
    held: [],
    from: local('13:45'),
    availableUnits: 1000 * UNITS_PER_IQD,
  };
  /** The same customer at 16:45, inside the happy hour, with 1,000 IQD: 15 min at 1,000/h (250), then 750 IQD at 2,000/h (22.5 min). */
  const beforeHappyHourEnds: MeterSnapshot = { ...meter, at: local('16:45'), from: local('16:45') };

  /**
   * A kiosk whose own clock reads `skewMs` more than the server's; it heard
   * the server's figure (45 at 13:45) and then lost the server.
   */
  function offline(
    options: {
      loadMeter?: () => Promise<MeterSnapshot | null | 'no-route'>;
      skewMs?: number;
      startAt?: number;
      /** The service's clock; by default its own (monotonic: vitest's fake performance.now()). */
      now?: () => number;
      refresh?: () => Promise<void>;
    } = {},
  ) {
    const serverStart = options.startAt ?? local('13:45');
    vi.setSystemTime(serverStart + (options.skewMs ?? 0));
    useSessionStore.setState({ ...INITIAL_SESSION_STATE });
    useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE, state: 'connected' });
    const onTimeUp = vi.fn(() => useSessionStore.setState({ ...INITIAL_SESSION_STATE }));
    const requestHeartbeat = vi.fn();
    const loadMeter = vi.fn(options.loadMeter ?? (() => Promise.resolve(meter)));
    const service = new SessionTimeService({
      bridge: new FakeBridge(),
      refresh: options.refresh ?? (() => Promise.resolve()),
      onTimeUp,
      playSound: vi.fn(),
      log: silentLog,
      loadMeter,
      requestHeartbeat,
      ...(options.now ? { now: options.now } : {}),
    });
    service.start();
    const lose = () => useConnectionStore.setState({ state: 'reconnecting' });
    return { service, onTimeUp, loadMeter, requestHeartbeat, lose, remaining: () => useSessionStore.getState().remainingMinutes };
  }

  it('the server’s own figure offline: a cheaper period ahead counts, a late tick loses nothing, zero at 14:30', async () => {
    // Time that passes with no tick (the page busy or throttled: a game in front) is still time on the monotonic clock.
    let untickedMs = 0;
    const { service, onTimeUp, lose, remaining } = offline({ now: () => performance.now() + untickedMs });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 45 });
    await vi.advanceTimersByTimeAsync(0);
    lose();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(44);
    // The station was busy: no tick for 20 minutes, then one. Counted by the clock: 14:07 → 23 left.
    untickedMs += 20 * MINUTE;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(23);
    // At 14:30 the money is spent: the station locks itself (the session ends locally).
    untickedMs += 22 * MINUTE; // 14:29
    expect(onTimeUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    service.stop();
  });

  it('a dearer period starting offline (the happy hour ends at 17:00) shortens the time: 37 at 16:45, 22 at 17:00, not a plain countdown', async () => {
    const { service, lose, remaining } = offline({ loadMeter: () => Promise.resolve(beforeHappyHourEnds), startAt: local('16:45') });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 37 });
    await vi.advanceTimersByTimeAsync(0);
    lose();
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(remaining()).toBe(22);
    service.stop();
  });

  it('a kiosk clock an hour AHEAD of the server’s still counts the server’s minutes (it does not lock the station at once)', async () => {
    const { service, onTimeUp, lose, remaining } = offline({ skewMs: 60 * MINUTE });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 45 });
    await vi.advanceTimersByTimeAsync(0);
    lose();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(44);
    expect(onTimeUp).not.toHaveBeenCalled();
    service.stop();
  });

  it('a kiosk clock an hour BEHIND the server’s still counts the server’s minutes (it does not stand still)', async () => {
    const { service, lose, remaining } = offline({ skewMs: -60 * MINUTE });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 45 });
    await vi.advanceTimersByTimeAsync(0);
    lose();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(remaining()).toBe(35);
    service.stop();
  });

  it('the PC’s clock set an hour forward, then two back, while offline (a customer, Windows’ time sync): one minute counts as one minute', async () => {
    const { service, onTimeUp, lose, remaining } = offline({ refresh: () => Promise.resolve(void useSessionStore.setState({ remainingMinutes: 41 })) });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 45 });
    await vi.advanceTimersByTimeAsync(0);
    lose();
    // Wall time jumps +1 h while a minute passes (vitest's fake clock: setSystemTime moves Date, not performance.now()).
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(44); // by the wall clock it would be 14:46: the money spent, the station locked
    expect(onTimeUp).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() - 120 * MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(43); // by the wall clock it would stand still at 45 (an hour before the meter was heard)
    // Back online: the server's figure replaces the local one, whatever the kiosk counted.
    useConnectionStore.setState({ state: 'connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(remaining()).toBe(41);
    service.stop();
  });

  it('the meter rides on the heartbeat’s answer: no GET /pricing/meter while it does', async () => {
    const { service, loadMeter, requestHeartbeat, lose, remaining } = offline();
    service.heardHeartbeat({ success: true, serverTime: 'x', meter: null }); // our server, no session yet
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 45 });
    await vi.advanceTimersByTimeAsync(0);
    // The new session's meter comes with a heartbeat asked for now.
    expect(requestHeartbeat).toHaveBeenCalledTimes(1);
    service.heardHeartbeat({ success: true, serverTime: 'x', meter });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(loadMeter).not.toHaveBeenCalled();
    lose();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(39); // 13:51 by the server's clock
    service.stop();
  });

  it('a heartbeat meter that does not read is ignored (no crash: the route is asked instead); another session’s is not used', async () => {
    const { service, loadMeter, lose, remaining } = offline({ loadMeter: () => Promise.reject(new Error('unreachable')) });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 45 });
    await vi.advanceTimersByTimeAsync(0);
    expect(() => service.heardHeartbeat({ success: true, meter: { sessionId: 's-1', list: 'nonsense' } })).not.toThrow();
    expect(() => service.heardHeartbeat('not even an object')).not.toThrow();
    const asked = loadMeter.mock.calls.length;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(loadMeter.mock.calls.length).toBe(asked + 1);
    // Our server, but the meter of a session that is not this one (a race with a new login): not used.
    service.heardHeartbeat({ meter: { ...meter, sessionId: 's-other', availableUnits: 0 } });
    lose();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(44); // the SPEC's countdown: none of the ignored meters was used
    service.stop();
  });

  it('a server whose heartbeat answer is bare: the route once a minute; a server without the route (404): the SPEC countdown, not asked again', async () => {
    const { service, loadMeter, lose, remaining } = offline({ loadMeter: () => Promise.resolve('no-route') });
    service.heardHeartbeat({});
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-2' }, remainingMinutes: 30 });
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(loadMeter).toHaveBeenCalledTimes(1);
    lose();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(29);
    service.stop();
  });

  it('a bare heartbeat answer and a meter route: the route’s meter is read each minute and counts offline', async () => {
    // The server reads the meter when asked: its instant is the time of the answer (the kiosk's clock is the server's here).
    const { service, loadMeter, lose, remaining } = offline({ loadMeter: () => Promise.resolve({ ...meter, at: Date.now() }) });
    service.heardHeartbeat(undefined);
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-1' }, remainingMinutes: 45 });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(loadMeter).toHaveBeenCalledTimes(3); // at the start, then with each minute's refresh
    lose();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(42);
    service.stop();
  });

  it('a server without the meter: the last figure counts down a minute a tick, as before', async () => {
    const { service, remaining, lose } = offline({ loadMeter: () => Promise.reject(new Error('404')) });
    useSessionStore.setState({ session: { ...GUEST_SESSION, sessionId: 's-2' }, remainingMinutes: 30 });
    await vi.advanceTimersByTimeAsync(0);
    lose();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(remaining()).toBe(29);
    service.stop();
  });
});
