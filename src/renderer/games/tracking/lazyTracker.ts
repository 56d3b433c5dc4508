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

  constructor(
    private readonly load: () => Promise<Tracker>,
    private readonly log: Pick<Console, 'warn'> = console,
  ) {}

  /** Start loading (a session began). */
  preload(): void {
    this.loading ??= this.load().then(
      (tracker) => {
        this.tracker = tracker;
        this.queue.splice(0).forEach((use) => use(tracker));
      },
      (error: unknown) => {
        this.loading = null;
        this.log.warn('[games] play tracking could not load', error);
      },
    );
  }

  private use(action: (tracker: Tracker) => void): void {
    if (this.tracker) return action(this.tracker);
    this.queue.push(action);
    this.preload();
  }

  launched(jsonId: string): void {
    this.use((t) => t.launched(jsonId));
  }

  closed(jsonId: string): void {
    this.use((t) => t.closed(jsonId));
  }

  release(jsonId: string, accountId?: string): void {
    this.use((t) => void t.release(jsonId, accountId));
  }

  noteAccountLaunch(jsonId: string): void {
    this.use((t) => t.noteAccountLaunch(jsonId));
  }

  serverLaunched(play: { jsonId: string; name?: string; startTime?: string }): void {
    this.use((t) => t.serverLaunched(play));
  }

  serverClosed(jsonId: string): void {
    this.use((t) => t.serverClosed(jsonId));
  }

  /** Synchronous: the closes and releases leave while the ending session's token is still set. */
  endSession(context: TrackingContext | null): void {
    this.queue.length = 0;
    this.tracker?.endSession(context);
  }

  clear(): void {
    this.queue.length = 0;
    this.tracker?.clear();
  }
}
