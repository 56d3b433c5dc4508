/**
 * The timer functions services use. Injected so unit tests can drive time
 * with fake timers; the default reads the globals at call time, so vitest's
 * fake timers work with it too.
 */
export type TimerId = ReturnType<typeof setTimeout>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  setInterval(fn: () => void, ms: number): TimerId;
  clearInterval(id: TimerId): void;
}

export const globalTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id),
};
