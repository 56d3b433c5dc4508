/** Session time as the header shows it: remaining minutes as H:MM, or elapsed whole seconds. */
import { formatClock, formatMinutesClock } from '../../shared/format.js';

/** Minutes as an H:MM clock (95 → "1:35"): the one shared formatter (src/shared/format.ts). */
export { formatMinutesClock };

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
