/** Session time as the header shows it: remaining minutes as H:MM, or elapsed whole seconds. */
import { formatClock } from '../../shared/format.js';

/** Minutes as an H:MM clock (95 → "1:35"). */
export function formatMinutesClock(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whole seconds since the session started (never negative). */
export function elapsedSeconds(startTime: string, nowMs: number): number {
  const start = Date.parse(startTime);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((nowMs - start) / 1000));
}

export type ClockView =
  | { mode: 'remaining'; text: string }
  | { mode: 'elapsed'; text: string };

export function clockView(remainingMinutes: number | null, startTime: string, nowMs: number): ClockView {
  return remainingMinutes === null
    ? { mode: 'elapsed', text: formatClock(elapsedSeconds(startTime, nowMs)) }
    : { mode: 'remaining', text: formatMinutesClock(remainingMinutes) };
}
