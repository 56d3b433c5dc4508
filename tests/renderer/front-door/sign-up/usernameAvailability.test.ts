/** SPEC §9 timing rules of the front door, with fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UsernameAvailability, type Availability } from '../../../../src/renderer/front-door/sign-up/usernameAvailability.js';
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
