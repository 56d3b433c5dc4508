/**
 * SPEC §4 game tracking. The shell's AppLaunched is debounced 10 s, then sent
 * (POST /game-play-tracking/app-launched) and the game recorded as playing; a
 * close within those 10 s cancels it and sends nothing; a later close is sent
 * and the game removed. At session end a close goes for each tracked game,
 * then the session's centre accounts are released (release-by-session, which
 * raises gameAccountReleased), then everything is cleared. The shell's
 * AccountReleased releases too. Tracking and release need a session and a
 * station id; failures are silent (§8).
 */
import { appClosed, appLaunched, releaseBySession } from '../../../shared/api/games.js';
import { GAME_LAUNCH_DEBOUNCE_MS } from '../../../shared/constants.js';
import type { GamePlayTracking } from '../../../shared/entities.js';
import { describeError } from '../../core/api/apiError.js';
import type { ApiClient } from '../../core/api/httpClient.js';
import type { Timers, TimerId } from '../../core/time/timers.js';
import type { GamesStore } from '../gamesStore.js';

/** The window event SPEC §7 names for a release. */
export const GAME_ACCOUNT_RELEASED_EVENT = 'gameAccountReleased';

export interface GameAccountReleasedDetail {
  jsonId: string;
  sessionId: string;
  releasedCount: number;
}

/** Who is playing where: the current session's ids (userId may be empty for a guest not yet known). */
export interface TrackingContext {
  sessionId: string;
  userId: string;
  stationId: string;
}

export interface PlayTrackerDeps {
  api: Pick<ApiClient, 'call'>;
  timers: Timers;
  store: GamesStore;
  /** The current session and station, or null when there is none. */
  context: () => TrackingContext | null;
  /** The game's name for the playing list. */
  nameOf: (jsonId: string) => string;
  /** Where gameAccountReleased is raised (the window). */
  events?: Pick<EventTarget, 'dispatchEvent'>;
  now?: () => Date;
  log?: Pick<Console, 'warn'>;
}

/** Whole minutes from an ISO start time to now (0 for a start in the future or unreadable). */
export function minutesSince(startTime: string, now: Date): number {
  const started = Date.parse(startTime);
  return Number.isFinite(started) ? Math.max(0, Math.floor((now.getTime() - started) / 60_000)) : 0;
}

export class PlayTracker {
  private readonly pending = new Map<string, TimerId>();
  /** Brings the playing minutes up to date every minute while something plays. */
  private minuteTimer: TimerId | null = null;
  /** Games launched with a centre account this session (released at its end). */
  private readonly withAccount = new Set<string>();
  private readonly log: Pick<Console, 'warn'>;

  constructor(private readonly deps: PlayTrackerDeps) {
    this.log = deps.log ?? console;
  }

  /** Json_IDs recorded as playing. */
  tracked(): string[] {
    return Object.keys(this.deps.store.getState().playing);
  }

  isPending(jsonId: string): boolean {
    return this.pending.has(jsonId);
  }

  /** A game about to start with a centre account: its account is released at session end. */
  noteAccountLaunch(jsonId: string): void {
    this.withAccount.add(jsonId);
  }

  /** The shell's AppLaunched. */
  launched(jsonId: string): void {
    if (this.pending.has(jsonId) || this.tracked().includes(jsonId)) return;
    const timer = this.deps.timers.setTimeout(() => {
      this.pending.delete(jsonId);
      void this.record(jsonId);
    }, GAME_LAUNCH_DEBOUNCE_MS);
    this.pending.set(jsonId, timer);
  }

  /** The shell's AppClosed. */
  closed(jsonId: string): void {
    const timer = this.pending.get(jsonId);
    if (timer !== undefined) {
      // Closed within the debounce: the launch is cancelled and nothing is sent.
      this.deps.timers.clearTimeout(timer);
      this.pending.delete(jsonId);
      return;
    }
    if (!this.tracked().includes(jsonId)) return;
    this.forget(jsonId);
    const body = this.body(jsonId);
    if (body) void this.post(appClosed, body);
  }

  /** The shell's AccountReleased, or the end of a centre-account game. */
  async release(jsonId: string, accountId?: string, context = this.deps.context()): Promise<number> {
    if (!context?.sessionId || !context.stationId) return 0;
    try {
      const { releasedCount } = await this.deps.api.call(releaseBySession, {
        body: { sessionId: context.sessionId, jsonId, ...(accountId ? { accountId } : {}) },
      });
      this.withAccount.delete(jsonId);
      const detail: GameAccountReleasedDetail = { jsonId, sessionId: context.sessionId, releasedCount };
      this.deps.events?.dispatchEvent(new CustomEvent(GAME_ACCOUNT_RELEASED_EVENT, { detail }));
      return releasedCount;
    } catch (error) {
      this.log.warn(`[games] release of ${jsonId} failed: ${describeError(error)}`);
      return 0;
    }
  }

  /**
   * The session is ending (its token still set): a close for each tracked
   * game, then the release of the session's accounts, then clear. Every call
   * leaves now, while the session's token is still the one sent.
   */
  endSession(context: TrackingContext | null): Promise<void> | null {
    const tracked = this.tracked();
    const accountGames = new Set([...this.withAccount, ...tracked]);
    const sent: Promise<unknown>[] = [];
    if (context?.sessionId && context.stationId) {
      if (context.userId) {
        for (const jsonId of tracked) sent.push(this.post(appClosed, { ...context, jsonId }));
      }
      for (const jsonId of accountGames) sent.push(this.release(jsonId, undefined, context));
    }
    this.clear();
    // Resolves once every close and release is answered (none of them throws); null: nothing was sent.
    return sent.length ? Promise.allSettled(sent).then(() => undefined) : null;
  }

  /** Forget everything (pending launches too) without sending anything. */
  clear(): void {
    for (const timer of this.pending.values()) this.deps.timers.clearTimeout(timer);
    this.pending.clear();
    this.withAccount.clear();
    this.stopCounting();
    this.deps.store.setState({ playing: {} });
  }

  /** The server says a game of this session started or closed (app:launched / app:closed). */
  serverLaunched(play: { jsonId: string; name?: string; startTime?: string }): void {
    if (this.tracked().includes(play.jsonId)) return;
    this.remember(play.jsonId, play.name, play.startTime);
  }

  serverClosed(jsonId: string): void {
    const timer = this.pending.get(jsonId);
    if (timer === undefined && this.tracked().includes(jsonId)) this.forget(jsonId);
  }

  private async record(jsonId: string): Promise<void> {
    const context = this.deps.context();
    if (!context?.sessionId || !context.stationId) return;
    this.remember(jsonId);
    const body = this.body(jsonId);
    if (body) await this.post(appLaunched, body);
  }

  private remember(jsonId: string, name?: string, startTime?: string): void {
    const now = (this.deps.now ?? (() => new Date()))();
    const start = startTime ?? now.toISOString();
    this.deps.store.setState((s) => ({
      playing: {
        ...s.playing,
        [jsonId]: { jsonId, name: name ?? this.deps.nameOf(jsonId), startTime: start, elapsedTimeMinutes: minutesSince(start, now) },
      },
    }));
    this.minuteTimer ??= this.deps.timers.setInterval(() => this.countMinutes(), 60_000);
  }

  /** §9 playing time in minutes, from each game's start time. */
  private countMinutes(): void {
    const now = (this.deps.now ?? (() => new Date()))();
    this.deps.store.setState((s) => ({
      playing: Object.fromEntries(
        Object.entries(s.playing).map(([id, game]) => [id, { ...game, elapsedTimeMinutes: minutesSince(game.startTime, now) }]),
      ),
    }));
  }

  private stopCounting(): void {
    if (this.minuteTimer !== null) this.deps.timers.clearInterval(this.minuteTimer);
    this.minuteTimer = null;
  }

  private forget(jsonId: string): void {
    this.deps.store.setState((s) => {
      const { [jsonId]: _gone, ...playing } = s.playing;
      return { playing };
    });
    if (this.tracked().length === 0) this.stopCounting();
  }

  private body(jsonId: string): GamePlayTracking | null {
    const context = this.deps.context();
    // SPEC §5: tracking needs a current session and station id (a guest's user id may not be known).
    if (!context?.sessionId || !context.stationId) return null;
    return { ...context, userId: context.userId || '', jsonId };
  }

  private async post(route: typeof appLaunched | typeof appClosed, body: GamePlayTracking): Promise<boolean> {
    try {
      const answer = await this.deps.api.call(route, { body });
      return answer.data.success;
    } catch (error) {
      this.log.warn(`[games] ${route.path} for ${body.jsonId} failed: ${describeError(error)}`);
      return false;
    }
  }
}
