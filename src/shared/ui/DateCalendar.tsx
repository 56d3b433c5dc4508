/**
 * The date fields' calendar (DateField.tsx): a month grid in a small non-modal dialog under the field,
 * weeks from Saturday, month and weekday names in the reader's language, mirrored right to left.
 * Keys (the ARIA date picker's): arrows move by a day (in reading direction) or a week, PageUp/PageDown
 * by a month (with Shift a year), Home/End to the week's ends, Enter or Space picks, Escape closes.
 * Days outside min/max cannot be reached or picked. Rendered at the end of <body> (out of the field's
 * <label>, whose click would go to the input) and placed against the field.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { DisplayLanguage } from '../format.js';
import { Button } from './Button.js';
import { clampDay, dayName, isoDay, monthGrid, moveDay, monthTitle, valueToDate, weekdayHeading, WEEK_STARTS_ON, type WeekStart } from './dateInput.js';
import './styles/date.css';

export interface DateCalendarProps {
  /** The day chosen (YYYY-MM-DD), '' for none: the calendar opens on it, else on today. */
  value: string;
  /** Bounds (days, YYYY-MM-DD); '' for none. */
  min: string;
  max: string;
  language: DisplayLanguage;
  /** What the calendar is placed against (the field's control). */
  anchor: HTMLElement;
  labels: { previousMonth: string; nextMonth: string };
  onPick(day: string): void;
  /** Closed without a pick: by Escape (the focus goes back to the field), or a click or the focus elsewhere. */
  onClose(backToField: boolean): void;
  weekStartsOn?: WeekStart;
  /** Today, for tests (the desk's clock otherwise). */
  today?: Date;
}

const GAP = 4;

export function DateCalendar({ value, min, max, language, anchor, labels, onPick, onClose, weekStartsOn = WEEK_STARTS_ON, today = new Date() }: DateCalendarProps) {
  const rtl = language === 'ar';
  const todayIso = isoDay(today);
  const [focusDay, setFocusDay] = useState(() => clampDay(value || todayIso, min, max));
  const month = valueToDate(focusDay) ?? today;
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const focused = useRef<HTMLTableCellElement>(null);
  // The focus follows the focused day while it is in the grid (and once on opening); the month buttons keep theirs.
  const focusInGrid = useRef(true);
  // Placed before the first paint (a layout effect); never hidden, so the focus can go in at once.
  const [place, setPlace] = useState<CSSProperties>({ position: 'fixed' });
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (focusInGrid.current) focused.current?.focus();
  }, [focusDay]);

  // Placed under the field (above it when there is no room), its start edge on the field's; kept there on scroll.
  useLayoutEffect(() => {
    const measure = () => {
      const box = anchor.getBoundingClientRect();
      const height = dialog.current?.offsetHeight ?? 0;
      const below = box.bottom + GAP + height <= window.innerHeight || box.top - GAP - height < 0;
      setPlace({
        position: 'fixed',
        insetInlineStart: rtl ? window.innerWidth - box.right : box.left,
        ...(below ? { top: box.bottom + GAP } : { bottom: window.innerHeight - box.top + GAP }),
      });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [anchor, rtl]);

  // A press anywhere else closes it (the field's own control is the field's business).
  useEffect(() => {
    const outside = (event: MouseEvent) => {
      const target = event.target as Node | null;
      if (target && !dialog.current?.contains(target) && !anchor.contains(target)) close.current(false);
    };
    document.addEventListener('mousedown', outside, true);
    return () => document.removeEventListener('mousedown', outside, true);
  }, [anchor]);

  const go = (day: string) => {
    focusInGrid.current = true;
    setFocusDay(clampDay(day, min, max));
  };
  const outOfBounds = (day: string) => (min !== '' && day < min) || (max !== '' && day > max);

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const along = rtl ? -1 : 1;
    // How far the focused day is from its week's first day.
    const intoWeek = ((valueToDate(focusDay) ?? today).getDay() - weekStartsOn + 7) % 7;
    const moves: Record<string, () => string> = {
      ArrowRight: () => moveDay(focusDay, { days: along }),
      ArrowLeft: () => moveDay(focusDay, { days: -along }),
      ArrowDown: () => moveDay(focusDay, { days: 7 }),
      ArrowUp: () => moveDay(focusDay, { days: -7 }),
      PageDown: () => moveDay(focusDay, { months: event.shiftKey ? 12 : 1 }),
      PageUp: () => moveDay(focusDay, { months: event.shiftKey ? -12 : -1 }),
      Home: () => moveDay(focusDay, { days: -intoWeek }),
      End: () => moveDay(focusDay, { days: 6 - intoWeek }),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      go(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!outOfBounds(focusDay)) onPick(focusDay);
    }
  };

  const weeks = monthGrid(month, weekStartsOn);
  return createPortal(
    <div
      ref={dialog}
      role="dialog"
      aria-labelledby={titleId}
      dir={rtl ? 'rtl' : 'ltr'}
      lang={language}
      className="date-calendar"
      style={place}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Only the calendar closes: not a dialog around the field, not the screen's own Escape.
        event.preventDefault();
        event.stopPropagation();
        close.current(true);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !dialog.current?.contains(next) && !anchor.contains(next)) close.current(false);
      }}
    >
      <div className="date-calendar__head">
        <Button
          className="date-calendar__step"
          aria-label={labels.previousMonth}
          onClick={() => {
            focusInGrid.current = false;
            setFocusDay(clampDay(moveDay(focusDay, { months: -1 }), min, max));
          }}
        >
          <span aria-hidden="true" className="date-calendar__chevron">
            ‹
          </span>
        </Button>
        <h2 id={titleId} className="date-calendar__title" aria-live="polite">
          {monthTitle(month, language)}
        </h2>
        <Button
          className="date-calendar__step"
          aria-label={labels.nextMonth}
          onClick={() => {
            focusInGrid.current = false;
            setFocusDay(clampDay(moveDay(focusDay, { months: 1 }), min, max));
          }}
        >
          <span aria-hidden="true" className="date-calendar__chevron">
            ›
          </span>
        </Button>
      </div>
      <table role="grid" aria-labelledby={titleId} className="date-calendar__grid" onKeyDown={onGridKey}>
        <thead>
          <tr>
            {(weeks[0] ?? []).map((day) => {
              const name = weekdayHeading(day, language);
              return (
                <th key={day.getDay()} scope="col" abbr={name.full} title={name.full}>
                  {name.short}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day) => {
                const iso = isoDay(day);
                const out = outOfBounds(iso);
                const classes = ['date-calendar__day'];
                if (day.getMonth() !== month.getMonth()) classes.push('date-calendar__day--other');
                if (iso === todayIso) classes.push('date-calendar__day--today');
                return (
                  <td
                    key={iso}
                    ref={iso === focusDay ? focused : undefined}
                    role="gridcell"
                    data-day={iso}
                    className={classes.join(' ')}
                    tabIndex={iso === focusDay ? 0 : -1}
                    aria-label={dayName(day, language)}
                    aria-selected={iso === value}
                    aria-disabled={out || undefined}
                    aria-current={iso === todayIso ? 'date' : undefined}
                    onClick={() => {
                      if (!out) onPick(iso);
                    }}
                  >
                    {day.getDate()}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
