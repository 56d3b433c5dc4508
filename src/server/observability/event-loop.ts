/**
 * The server's own view of its latency (issue 27): how long the event loop
 * kept callbacks waiting (`perf_hooks.monitorEventLoopDelay`), and how long
 * heartbeats took, each over the last N seconds, so that a bench step (one
 * 20 s heartbeat interval) reads exactly its own window from /metrics however
 * many scrapers there are and whenever they come.
 *
 * Both keep one-second slots (`RollingHistogram`); a window's percentiles are
 * those of its merged slots. monitorEventLoopDelay samples the time between
 * two turns of a `resolution`-ms libuv timer, so a sample minus the
 * resolution is the delay a callback waited; its distribution is moved into
 * the current slot once a second (at the histogram's own precision) and the
 * monitor restarts.
 */
import { createHistogram, monitorEventLoopDelay, type IntervalHistogram, type RecordableHistogram } from 'node:perf_hooks';

export interface WindowSummary {
  /** Samples in the window. */
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** How far back a window may reach, in seconds. */
export const LONGEST_WINDOW_S = 60;

/** Values recorded in milliseconds, kept in microseconds per one-second slot, for the last LONGEST_WINDOW_S seconds. */
export class RollingHistogram {
  private readonly slots = new Map<number, RecordableHistogram>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  private slot(): RecordableHistogram {
    const second = Math.floor(this.now() / 1000);
    let slot = this.slots.get(second);
    if (!slot) {
      slot = createHistogram({ lowest: 1, highest: 3_600_000_000, figures: 3 });
      this.slots.set(second, slot);
      for (const old of this.slots.keys()) if (old <= second - LONGEST_WINDOW_S) this.slots.delete(old);
    }
    return slot;
  }

  /** One sample, in ms (below a microsecond counts as one). */
  record(ms: number, times = 1): void {
    if (!(ms >= 0) || times < 1) return;
    const slot = this.slot();
    const us = Math.max(1, Math.round(ms * 1000));
    for (let i = 0; i < times; i += 1) slot.record(us);
  }

  /** The last `seconds` seconds (the current one included), in ms; zeros when nothing was recorded. */
  summary(seconds: number): WindowSummary {
    const second = Math.floor(this.now() / 1000);
    const merged = createHistogram({ lowest: 1, highest: 3_600_000_000, figures: 3 });
    for (const [at, slot] of this.slots) if (at > second - seconds) merged.add(slot);
    if (merged.count === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
    return { count: merged.count, p50: merged.percentile(50) / 1000, p99: merged.percentile(99) / 1000, max: merged.max / 1000 };
  }
}

/** The libuv timer's period: 200 samples a second, each at most this much late of its own accord. */
export const EVENT_LOOP_RESOLUTION_MS = 5;

/**
 * The event-loop delay of this process (one per process, however many servers
 * it runs: they share the loop). Its timers are unref'd: it never keeps a
 * process alive.
 */
export class EventLoopDelay {
  readonly window = new RollingHistogram();
  private readonly monitor: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly resolutionMs = EVENT_LOOP_RESOLUTION_MS) {
    this.monitor = monitorEventLoopDelay({ resolution: resolutionMs });
    this.monitor.enable();
    this.timer = setInterval(() => this.collect(), 1000);
    this.timer.unref();
  }

  /** Moves what the monitor saw since the last call into the current slot. */
  collect(): void {
    const { monitor } = this;
    const total = monitor.count;
    if (total > 0) {
      let recorded = 0;
      for (const [percent, ns] of monitor.percentiles) {
        // Samples up to this percentile, minus those already recorded at lower values.
        const upTo = Math.round((percent / 100) * total);
        const times = upTo - recorded;
        if (times > 0) this.window.record(Math.max(0, ns / 1e6 - this.resolutionMs), times);
        recorded = Math.max(recorded, upTo);
      }
    }
    monitor.reset();
  }

  /** The delay over the last `seconds` seconds, in ms (what has not been collected yet is collected first). */
  summary(seconds: number): WindowSummary {
    this.collect();
    return this.window.summary(seconds);
  }

  stop(): void {
    clearInterval(this.timer);
    this.monitor.disable();
  }
}

let processDelay: EventLoopDelay | undefined;

/** This process's event-loop delay, started on first use. */
export function eventLoopDelay(): EventLoopDelay {
  processDelay ??= new EventLoopDelay();
  return processDelay;
}
