import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import { INITIAL_SESSION_STATE, useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { SessionTimeService, warningCrossed } from '../../../src/renderer/session/sessionTime.js';
import { WARNING_SOUND_GAP_MS, createWarningSound } from '../../../src/renderer/session/warningSound.js';
import { SESSION_TIME_UPDATE_MS } from '../../../src/shared/constants.js';
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
