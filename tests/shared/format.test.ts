/** The one formatting module: money, dates and durations as the kiosk and the console show them, in both languages. */
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, formatElapsed, formatIqd, formatMoney, formatTimeOfDay } from '../../src/shared/format.js';

describe('money', () => {
  it('groups whole IQD with Latin digits in both languages', () => {
    expect(formatAmount(25000)).toBe('25,000');
    expect(formatAmount(1499.6)).toBe('1,500');
    expect(formatAmount(-5500)).toBe('-5,500');
    expect(formatMoney(25000)).toBe(formatIqd(25000));
    expect(formatMoney(25000, 'en')).toBe('25,000 IQD');
    expect(formatMoney(25000, 'ar')).toBe('25,000 د.ع');
  });
});

describe('dates', () => {
  const at = '2026-11-27T14:05:09.000Z';
  it('writes the time of day with seconds, Latin digits in Arabic too', () => {
    expect(formatTimeOfDay(at, 'en')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(formatTimeOfDay(at, 'ar')).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(formatTimeOfDay(at, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('writes a date with its time, day first in English; Latin digits in Arabic', () => {
    expect(formatDateTime(at, 'en')).toMatch(/^\d{2}\/11\/2026, \d{2}:\d{2}:\d{2}$/);
    expect(formatDateTime(at, 'ar')).toContain('2026');
    expect(formatDateTime(at, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('an unreadable date reads as nothing rather than "Invalid Date"', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTimeOfDay('')).toBe('');
  });
});

describe('durations', () => {
  it('counts up from a start: M:SS under an hour, H:MM:SS after, never negative', () => {
    const start = '2026-11-27T10:00:00.000Z';
    const t = Date.parse(start);
    expect(formatElapsed(start, t + 65_000)).toBe('1:05');
    expect(formatElapsed(start, t + 3_725_000)).toBe('1:02:05');
    expect(formatElapsed(start, t - 5_000)).toBe('0:00');
    expect(formatElapsed('junk', t)).toBe('0:00');
  });
});
