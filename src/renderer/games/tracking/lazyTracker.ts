/**
 * Play tracking loads with the first session, not before the first screen
 * (the initial bundle budget): the shell's and the server's events are kept
 * in order until the tracker is there, then handed to it. A session that ends
 * before the tracker ever loaded tracked nothing, so there is nothing to close.
 */
import type { PlayTracker, TrackingContext } from './playTracker.js';

export type Tracker = Pick<
  PlayTracker,
  'launched' | 'closed' | 'release' | 'endSession' | 'clear' | 'serverLaunched' | 'serverClosed' | 'noteAccountLaunch'
>;

export class LazyTracker {
  private tracker: Tracker | null = null;
  private loading: Promise<void> | null = null;
  private readonly queue: Array<(tracker: Tracker) => void> = [];

  constructor(private readonly load: () => Promise<Tracker>) {}

  /** Start loading (a session began). */
  preload(): void {
    this.loading ??= this.load().then(
      (tracker) => {
        this.tracker = tracker;
        this.queue.splice(0).forEach((use) => use(tracker));
      },
      (error: unknown) => {
        this.loading = null;
        console.warn('[games] play tracking could not load', error);
      },
    );
  }

  /** Hand an event to the tracker, now or (in order) once it has loaded. */
  use(action: (tracker: Tracker) => void): void {
    if (this.tracker) return action(this.tracker);
    this.queue.push(action);
    this.preload();
  }

  /** Synchronous: the closes and releases leave while the ending session's token is still set. */
  endSession(context: TrackingContext | null): Promise<void> | null {
    this.queue.length = 0;
    return this.tracker?.endSession(context) ?? null;
  }

  clear(): void {
    this.queue.length = 0;
    this.tracker?.clear();
  }
}
