/**
 * A clock that only moves forward at the pace of real time (ms since the page
 * started): `performance.now()`. Unlike `Date.now()` it does not jump when the
 * PC's wall clock is set — by a customer, or by Windows' time sync — so what
 * it measures is time that really passed. Only differences of its readings
 * mean anything. Read at call time, so test fake timers drive it.
 */
export type MonotonicClock = () => number;

export const monotonicNow: MonotonicClock = () => performance.now();
