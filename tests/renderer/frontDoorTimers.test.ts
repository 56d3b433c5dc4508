/** SPEC §9 timing rules of the front door, with fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, formatCountdown, isCountdownUrgent } from '../../src/renderer/core/time/countdown.js';
import { NfcLoginFlow, type NfcModalState } from '../../src/renderer/front-door/nfc/nfcLoginFlow.js';
import { UsernameAvailability, type Availability } from '../../src/renderer/front-door/sign-up/usernameAvailability.js';
import { ApiError } from '../../src/renderer/core/api/apiError.js';
import { IdleCollapse } from '../../src/renderer/front-door/station-panel/idleCollapse.js';
import { FakeBridge } from './support/fakes.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('side panel (15 s idle collapse)', () => {
  it('opens on activity and collapses exactly 15 s after the last one', () => {
    const states: boolean[] = [];
    const idle = new IdleCollapse((open) => states.push(open));
    idle.activity();
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(10_000);
    idle.activity();
    vi.advanceTimersByTime(14_999);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
    idle.activity();
    expect(states).toEqual([true, false, true]);
    idle.dispose();
  });
});

describe('username availability (3+ valid characters, 500 ms)', () => {
  function setup(available = true) {
    const states: Availability[] = [];
    const check = vi.fn((_name: string) => Promise.resolve({ available }));
    const checker = new UsernameAvailability(check, (s) => states.push(s));
    return { states, check, checker };
  }

  it('stays idle for fewer than 3 characters or a bad format', () => {
    const { states, check, checker } = setup();
    checker.input('ab');
    checker.input('.abc');
    checker.input('a..b');
    vi.advanceTimersByTime(1_000);
    expect(check).not.toHaveBeenCalled();
    expect(states).toEqual(['idle', 'idle', 'idle']);
  });

  it('checks 500 ms after the last keystroke, then says available or unavailable', async () => {
    const { states, check, checker } = setup(false);
    checker.input('ali');
    vi.advanceTimersByTime(300);
    checker.input('alia');
    vi.advanceTimersByTime(499);
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(check).toHaveBeenCalledExactlyOnceWith('alia');
    expect(states.at(-1)).toBe('checking');
    await vi.runAllTimersAsync();
    expect(states.at(-1)).toBe('unavailable');
  });

  it('passes errors on to the caller and returns to idle', async () => {
    const onError = vi.fn();
    const states: Availability[] = [];
    const checker = new UsernameAvailability(() => Promise.reject(new Error('down')), (s) => states.push(s), onError);
    checker.input('layla');
    await vi.advanceTimersByTimeAsync(500);
    expect(onError).toHaveBeenCalled();
    expect(states).toEqual(['checking', 'idle']);
  });
});

describe('countdowns (phone resend 60 s, gates 120 s red at 30 s)', () => {
  it('ticks every second and fires once at zero; restart begins again', () => {
    const seen: number[] = [];
    const onZero = vi.fn();
    const countdown = new Countdown(60, (s) => seen.push(s), onZero);
    countdown.start();
    expect(seen).toEqual([60]);
    vi.advanceTimersByTime(30_000);
    expect(countdown.secondsLeft).toBe(30);
    countdown.start();
    expect(countdown.secondsLeft).toBe(60);
    vi.advanceTimersByTime(59_999);
    expect(onZero).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onZero).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5_000);
    expect(countdown.secondsLeft).toBe(0);
    expect(onZero).toHaveBeenCalledOnce();
  });

  it('turns urgent at 30 s or less and formats m:ss', () => {
    expect(isCountdownUrgent(31, 30)).toBe(false);
    expect(isCountdownUrgent(30, 30)).toBe(true);
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(30)).toBe('0:30');
    expect(formatCountdown(9)).toBe('0:09');
  });
});

describe('NFC login flow', () => {
  function setup(login: (uid: string, done: () => Promise<void>) => Promise<void>) {
    const bridge = new FakeBridge();
    const states: NfcModalState[] = [];
    const onClose = vi.fn();
    const flow = new NfcLoginFlow({ bridge, login, onChange: (s) => states.push(s), onClose });
    return { bridge, states, onClose, flow };
  }

  it('enables the reader while open, logs in on a tap, closes 1.5 s after success, disables on close', async () => {
    let started = false;
    const { bridge, states, onClose, flow } = setup(async (_uid, done) => {
      await done();
      started = true;
    });
    flow.open();
    expect(bridge.commands()).toEqual(['NFC_ENABLE']);
    bridge.receive({ command: 'NFC_LOGIN', ID: '04A1B2C3' });
    await vi.advanceTimersByTimeAsync(0);
    expect(states.map((s) => s.phase)).toEqual(['waiting', 'authenticating', 'success']);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(onClose).not.toHaveBeenCalled();
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    flow.close();
    expect(bridge.commands()).toEqual(['NFC_ENABLE', 'NFC_DISABLE']);
  });

  it('maps 401, 403 and anything else, and Try Again returns to waiting', async () => {
    const errors = [new ApiError('x', 'http', 401), new ApiError('x', 'http', 403), new ApiError('x', 'network')];
    const { bridge, states, flow } = setup(() => Promise.reject(errors.shift()!));
    flow.open();
    for (const expected of ['error.nfc.notFound', 'error.nfc.forbidden', 'error.nfc.default']) {
      bridge.receive({ command: 'NFC_LOGIN', ID: 'AA' });
      await vi.advanceTimersByTimeAsync(0);
      expect(states.at(-1)).toEqual({ phase: 'error', message: { key: expected } });
      // A tap while showing the error is ignored until Try Again.
      flow.tryAgain();
      expect(states.at(-1)).toEqual({ phase: 'waiting' });
    }
    flow.close();
  });
});
