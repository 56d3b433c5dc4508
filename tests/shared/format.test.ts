/** The one formatting module: money, dates and durations as the kiosk and the console show them, in both languages. */
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatElapsed,
  formatFreeTime,
  formatHourMinute,
  formatHoursMinutes,
  formatIqd,
  formatMinutesClock,
  formatMoney,
  formatRate,
  formatTimeOfDay,
  minutesForBalance,
  standardRate,
} from '../../src/shared/format.js';

describe('money', () => {
  it('groups whole IQD with Latin digits in both languages', () => {
    expect(formatAmount(25000)).toBe('25,000');
    expect(formatAmount(1499.6)).toBe('1,500');
    expect(formatAmount(-5500)).toBe('-5,500');
    expect(formatMoney(25000)).toBe(formatIqd(25000));
    expect(formatMoney(25000, 'en')).toBe('25,000 IQD');
    expect(formatMoney(25000, 'ar')).toBe('25,000 د.ع');
    // "minus no refunds" on Today, or a charge that rounds to nothing, never reads as -0.
    expect(formatMoney(-0)).toBe('0 IQD');
    expect(formatMoney(-0.4, 'ar')).toBe('0 د.ع');
    expect(formatIqd(-0)).toBe('0 IQD');
    expect(formatMoney(-1500)).toBe('-1,500 IQD');
  });
});

describe('dates', () => {
  // Local times (the cafe's clock), so the exact outputs hold in any time zone the tests run in.
  const afternoon = new Date(2026, 10, 27, 16, 27, 12);
  const afterMidnight = new Date(2026, 10, 27, 0, 5, 7);
  // Arabic writes the date with right-to-left marks after each part and its own comma.
  const RLM = '\u200f';

  it('writes the time of day with seconds, 24-hour in both languages, Latin digits in Arabic', () => {
    expect(formatTimeOfDay(afternoon, 'en')).toBe('16:27:12');
    expect(formatTimeOfDay(afternoon, 'ar')).toBe('16:27:12');
    expect(formatTimeOfDay(afterMidnight, 'ar')).toBe('00:05:07');
  });

  it('a date-time is the day first and the time to the minute, 24-hour in both languages (Arabic said "4:27:12 م")', () => {
    expect(formatDateTime(afternoon, 'en')).toBe('27/11/2026, 16:27');
    expect(formatDateTime(afternoon, 'ar')).toBe(`27${RLM}/11${RLM}/2026، 16:27`);
    // hour12:false gave Arabic "24:05" five minutes after midnight.
    expect(formatDateTime(afterMidnight, 'en')).toBe('27/11/2026, 00:05');
    expect(formatDateTime(afterMidnight, 'ar')).toBe(`27${RLM}/11${RLM}/2026، 00:05`);
    expect(formatHourMinute(afterMidnight, 'ar')).toBe('00:05');
    expect(formatHourMinute(afternoon, 'en')).toBe('16:27');
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

describe('one convention for time, rates and counts (issue 23)', () => {
  it('time left in hours and minutes, never a pile of minutes', () => {
    expect(formatHoursMinutes(1195)).toBe('19 h 55 min');
    expect(formatHoursMinutes(45)).toBe('45 min');
    expect(formatHoursMinutes(120)).toBe('2 h');
    expect(formatHoursMinutes(0)).toBe('0 min');
    expect(formatHoursMinutes(-3)).toBe('0 min');
    expect(formatHoursMinutes(95, 'ar')).toBe('1 س 35 د');
    // The kiosk's header clock says the same thing as H:MM.
    expect(formatMinutesClock(1195)).toBe('19:55');
  });

  it('an hourly rate, free when 0', () => {
    expect(formatRate(1500)).toBe('1,500 IQD/hour');
    expect(formatRate(1500, 'ar')).toBe('1,500 د.ع/ساعة');
    expect(formatRate(0)).toBe('Free');
  });

  it('counts with the right plural form in both languages', () => {
    const cards = { one: '{n} card', other: '{n} cards' };
    expect(formatCount(1, cards)).toBe('1 card');
    expect(formatCount(2, cards)).toBe('2 cards');
    expect(formatCount(1200, cards)).toBe('1,200 cards');
    const ar = { one: 'بطاقة واحدة', two: 'بطاقتان', few: '{n} بطاقات', other: '{n} بطاقة' };
    expect(formatCount(1, ar, 'ar')).toBe('بطاقة واحدة');
    expect(formatCount(2, ar, 'ar')).toBe('بطاقتان');
    expect(formatCount(2, { other: '{n} بطاقة' }, 'ar')).toBe('2 بطاقة'); // no 'two' form given: other
    expect(formatCount(5, ar, 'ar')).toBe('5 بطاقات');
    expect(formatCount(11, ar, 'ar')).toBe('11 بطاقة');
  });

  it('dates to the minute, day first; Latin digits in Arabic', () => {
    const at = '2026-11-27T14:05:09.000Z';
    expect(formatDateTime(at)).toMatch(/^27\/11\/2026, \d{2}:05$/);
    expect(formatDate(at)).toBe('27/11/2026');
    expect(formatDate(new Date(2026, 10, 27), 'ar')).toBe('27\u200f/11\u200f/2026');
    expect(formatHourMinute(at)).toMatch(/^\d{2}:05$/);
    expect(formatDateTime(at, 'ar')).not.toMatch(/[٠-٩]/);
    expect(formatDate('junk')).toBe('');
  });
});

describe('free time in time, the same at the desk and the kiosk (issue 23)', () => {
  it('the standard rate is the cheapest group that charges; none when nothing charges', () => {
    expect(standardRate([2000, 1500, 3000])).toBe(1500);
    expect(standardRate([0, 2000])).toBe(2000);
    expect(standardRate([0])).toBeNull();
    expect(standardRate([])).toBeNull();
  });

  it('reads the money as the hours and minutes it buys, in both languages', () => {
    expect(formatFreeTime(2000, 1500)).toBe('1 h 20 min');
    expect(formatFreeTime(2000, 1500, 'ar')).toBe('1 س 20 د');
    expect(formatFreeTime(750, 1500)).toBe('30 min');
    expect(formatFreeTime(3000, 1500, 'ar')).toBe('2 س');
    expect(formatFreeTime(0, 1500)).toBe('0 min');
    // The kiosk's figure (the profile's protectedBalanceMinutes) is the same count of minutes.
    expect(formatFreeTime(24_975, 1500)).toBe(formatHoursMinutes(minutesForBalance(24_975, 1500) ?? -1));
    expect(formatFreeTime(24_975, 1500)).toBe('16 h 39 min');
    // No rate to count at: no time to show (the desk shows the money alone).
    expect(formatFreeTime(2000, null)).toBeNull();
    expect(formatFreeTime(2000, 0)).toBeNull();
  });
});
