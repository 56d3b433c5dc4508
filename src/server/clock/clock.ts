/**
 * Time as the server's business logic sees it. Billing, heartbeats and
 * session timestamps read `now()` and schedule with `setInterval`, so tests
 * can drive time by hand and `--clock-speed N` can make minutes pass faster.
 */

export interface ClockTimer {
  readonly id: number;
}

export interface Clock {
  /** Milliseconds since the epoch, in clock time. */
  now(): number;
  /** Calls fn every `ms` of clock time. A returned promise is awaited by manual clocks. */
  setInterval(fn: () => unknown, ms: number): ClockTimer;
  clearInterval(timer: ClockTimer): void;
  /** How many times faster than real time it runs (a system clock's --clock-speed); absent: 1 or not real time. */
  readonly speed?: number;
}

export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}

/**
 * The wall clock, optionally running `speed` times faster: clock time starts
 * at the real time `origin` (default now) and advances speed× as fast;
 * intervals shrink to match. Nodes of one cluster running fast share an
 * origin, so that their clocks agree.
 */
export function systemClock(speed = 1, origin = Date.now()): Clock {
  if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`clock speed must be a positive number, got ${speed}`);
  const handles = new Map<number, NodeJS.Timeout>();
  let nextId = 1;
  return {
    speed,
    now: () => origin + (Date.now() - origin) * speed,
    setInterval(fn, ms) {
      const id = nextId++;
      const handle = setInterval(() => void fn(), Math.max(1, ms / speed));
      handle.unref();
      handles.set(id, handle);
      return { id };
    },
    clearInterval(timer) {
      clearInterval(handles.get(timer.id));
      handles.delete(timer.id);
    },
  };
}

interface ManualTimer {
  id: number;
  fn: () => unknown;
  every: number;
  due: number;
}

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
  private current: number;
  private timers = new Map<number, ManualTimer>();
  private nextId = 1;

  constructor(start: number | string = '2025-01-10T18:00:00.000Z') {
    this.current = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.current;
  }

  setInterval(fn: () => unknown, ms: number): ClockTimer {
    const id = this.nextId++;
    this.timers.set(id, { id, fn, every: ms, due: this.current + ms });
    return { id };
  }

  clearInterval(timer: ClockTimer): void {
    this.timers.delete(timer.id);
  }

  /** Moves time forward, firing (and awaiting) every timer that falls due, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const next = [...this.timers.values()]
        .filter((t) => t.due <= target)
        .sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.current = next.due;
      next.due += next.every;
      await next.fn();
    }
    this.current = target;
  }
}
