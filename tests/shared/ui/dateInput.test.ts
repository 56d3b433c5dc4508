/** What the date fields read and write (src/shared/ui/dateInput.ts): the shared format in, the screens' ISO value out, and the calendar's month. */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../src/shared/format.js';
import {
  clampDay,
  decorateDateText,
  formatDateValue,
  isoDay,
  monthGrid,
  monthTitle,
  moveDay,
  parseDateText,
  weekdayHeading,
} from '../../../src/shared/ui/dateInput.js';

describe('reading a typed date', () => {
  it('reads back exactly what the shared format prints, in both languages', () => {
    for (const language of ['en', 'ar'] as const) {
      for (const day of [new Date(2026, 10, 27), new Date(2024, 1, 29), new Date(2027, 0, 1)]) {
        expect(parseDateText(formatDate(day, language), 'date')).toEqual({ ok: true, value: isoDay(day) });
        const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 5);
        expect(parseDateText(formatDateTime(at, language), 'datetime')).toEqual({ ok: true, value: `${isoDay(day)}T09:05` });
      }
    }
  });

  it('writes a value as the shared format prints it', () => {
    expect(formatDateValue('2026-11-27', 'date', 'en')).toBe('27/11/2026');
    expect(formatDateValue('2026-11-27T14:05', 'datetime', 'en')).toBe('27/11/2026, 14:05');
    expect(formatDateValue('2026-11-27', 'date', 'ar')).toBe(formatDate(new Date(2026, 10, 27), 'ar'));
    expect(formatDateValue('2026-11-27T14:05', 'datetime', 'ar')).toBe(formatDateTime(new Date(2026, 10, 27, 14, 5), 'ar'));
    expect(formatDateValue('', 'date', 'en')).toBe('');
    expect(formatDateValue('not a day', 'date', 'en')).toBe('');
  });

  it('takes what a desk worker types fast: one-digit parts, dots or dashes, the figures alone, Arabic digits, an ISO date pasted', () => {
    expect(parseDateText('7/3/2026', 'date')).toEqual({ ok: true, value: '2026-03-07' });
    expect(parseDateText('07.03.2026', 'date')).toEqual({ ok: true, value: '2026-03-07' });
    expect(parseDateText('07-03-2026', 'date')).toEqual({ ok: true, value: '2026-03-07' });
    expect(parseDateText('07032026', 'date')).toEqual({ ok: true, value: '2026-03-07' });
    expect(parseDateText('٢٧/١١/٢٠٢٦', 'date')).toEqual({ ok: true, value: '2026-11-27' });
    expect(parseDateText(' 2026-11-27 ', 'date')).toEqual({ ok: true, value: '2026-11-27' });
    expect(parseDateText('27/11/2026 9:30', 'datetime')).toEqual({ ok: true, value: '2026-11-27T09:30' });
    expect(parseDateText('2026-11-27T23:59', 'datetime')).toEqual({ ok: true, value: '2026-11-27T23:59' });
  });

  it('says which day a month does not have, and which time does not exist', () => {
    expect(parseDateText('31/02/2026', 'date')).toEqual({ ok: false, problem: 'noSuchDay', year: 2026, month: 2, day: 31, days: 28 });
    expect(parseDateText('29/02/2026', 'date')).toMatchObject({ problem: 'noSuchDay', days: 28 });
    expect(parseDateText('29/02/2024', 'date')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseDateText('31/04/2026, 10:00', 'datetime')).toMatchObject({ problem: 'noSuchDay', days: 30 });
    expect(parseDateText('27/11/2026, 24:00', 'datetime')).toEqual({ ok: false, problem: 'time', time: '24:00' });
    expect(parseDateText('27/11/2026, 14:60', 'datetime')).toEqual({ ok: false, problem: 'time', time: '14:60' });
  });

  it('refuses what is not a date at all, and a date without its time where a time is asked', () => {
    for (const text of ['27/13/2026', '11/27', 'tomorrow', '27/11/26', '2026/11/27', '27/11/2026, 14:05']) {
      expect(parseDateText(text, 'date'), text).toEqual({ ok: false, problem: 'format' });
    }
    expect(parseDateText('27/11/2026', 'datetime')).toEqual({ ok: false, problem: 'format' });
    expect(parseDateText('   ', 'date')).toEqual({ ok: false, problem: 'empty' });
  });

  it('while typed in Arabic, carries the shared format’s marks and comma; in English the plain figures', () => {
    const ar = formatDateTime(new Date(2026, 10, 27, 14, 5), 'ar');
    expect(decorateDateText('27/11/2026, 14:05', 'ar')).toBe(ar);
    expect(decorateDateText('٢٧/١١/٢٠٢٦', 'ar')).toBe(formatDate(new Date(2026, 10, 27), 'ar'));
    expect(decorateDateText(ar, 'en')).toBe('27/11/2026, 14:05');
  });
});

describe('the calendar month', () => {
  it('six weeks from Saturday, the first week holding the 1st', () => {
    const grid = monthGrid(new Date(2026, 1, 14));
    expect(grid).toHaveLength(6);
    expect(grid.every((week) => week.length === 7 && week[0]!.getDay() === 6)).toBe(true);
    // 1 February 2026 is a Sunday: the grid starts on Saturday 31 January.
    expect(isoDay(grid[0]![0]!)).toBe('2026-01-31');
    expect(isoDay(grid[0]![1]!)).toBe('2026-02-01');
  });

  it('a week can start on another day when asked', () => {
    expect(isoDay(monthGrid(new Date(2026, 1, 14), 1)[0]![0]!)).toBe('2026-01-26');
  });

  it('moves by days and months (31 January + a month is the last of February) and stays within bounds', () => {
    expect(moveDay('2026-11-27', { days: 7 })).toBe('2026-12-04');
    expect(moveDay('2026-01-31', { months: 1 })).toBe('2026-02-28');
    expect(moveDay('2026-03-01', { days: -1 })).toBe('2026-02-28');
    expect(clampDay('2026-11-01', '2026-11-10', '')).toBe('2026-11-10');
    expect(clampDay('2026-12-01', '', '2026-11-30')).toBe('2026-11-30');
  });

  it('names months and weekdays in the reader’s language: the Iraqi month names in Arabic', () => {
    expect(monthTitle(new Date(2026, 1, 1), 'en')).toBe('February 2026');
    expect(monthTitle(new Date(2026, 1, 1), 'ar')).toBe('شباط 2026');
    expect(weekdayHeading(new Date(2026, 1, 7), 'en')).toEqual({ short: 'Sat', full: 'Saturday' });
    expect(weekdayHeading(new Date(2026, 1, 7), 'ar')).toEqual({ short: 'س', full: 'السبت' });
  });
});
