/** SPEC §9 timing rules of the front door, with fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, formatCountdown, isCountdownUrgent } from '../../../../src/renderer/core/time/countdown.js';
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
