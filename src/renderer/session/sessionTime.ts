/**
 * SPEC §4 session time, plus the cable-pull rule.
 *
 * - Every SESSION_TIME_UPDATE_MS the remaining time is refreshed: from the
 *   server while connected (GET /client-sessions/current), and while the
 *   socket is down by counting the last known figure down locally — a pulled
 *   network cable does not stop the clock. At zero the station locks itself
 *   (the session ends locally; the 'available' report waits for the server).
 * - Whatever figure the server sends next (sessionBalanceUpdate, the
 *   current-session call after a reconnect) replaces the local one.
 * - Crossing 10, 5 and 3 minutes left plays the warning sound 3, 4 and 5
 *   times and sends TimeRemaining to the shell, once per threshold and session.
 * - Offline with the price list's meter (issue 26, our server only), the
 *   minutes left are recomputed by the shared pricing module instead of
 *   counted down — the server's own figure for the same instant: the meter
 *   says the server's instant it was read at, and the kiosk adds the time
 *   elapsed since it heard it, measured on a monotonic clock (never the PC's
 *   wall clock): a kiosk clock that is off, or set forward or back while the
 *   server is unreachable (a customer, Windows' time sync), changes nothing
 *   (SessionTimeDeps.now); a cheaper period starting while the server is
 *   unreachable makes the money last longer, a dearer one shorter, and a
 *   late or skipped tick loses nothing. The meter rides on the heartbeat's
 *   answer (`heardHeartbeat`, every 20 s: no request of its own); a server
 *   whose answer has none is asked `GET /pricing/meter` at the session's
 *   start and with each minute's refresh, and one without that route (404)
 *   is not asked again that session: the SPEC's countdown then.
 */
import type { SpawnpointBridge } from '../../shared/bridge/protocol.js';
import { heartbeatMeter } from '../../shared/api/station.js';
import { minutesLeftSinceHeard, type MeterSnapshot } from '../../shared/pricing/offline.js';
import { SESSION_TIME_UPDATE_MS, TIME_WARNINGS } from '../../shared/constants.js';
import { useConnectionStore, type ConnectionStore } from '../core/connection/connectionStore.js';
import { useSessionStore, type SessionState, type SessionStore } from './sessionStore.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';
import { monotonicNow, type MonotonicClock } from '../core/time/monotonic.js';
import { Emitter } from '../core/events.js';

export type SessionTimeEvents = {
  /** A time warning fired (the dashboard shows it on screen). */
  warning: { minutes: number };
};

export interface SessionTimeDeps {
  bridge: Pick<SpawnpointBridge, 'send'>;
  /** Ask the server for the remaining time (the session service's current-session call). */
  refresh: () => Promise<void>;
  /** The local countdown reached zero while offline: end the session. */
  onTimeUp: () => void;
  /** Play the warning sound n times. */
  playSound: (times: number) => void;
  sessionStore?: SessionStore;
  connectionStore?: ConnectionStore;
  timers?: Timers;
  log?: Pick<Console, 'info' | 'warn'>;
  /**
   * GET /pricing/meter, for a server whose heartbeat answer has no meter: the
   * session's meter (null: none applies), 'no-route' (the server has no such
   * route: not asked again this session); a rejection is a failed try.
   */
  loadMeter?: () => Promise<MeterSnapshot | null | 'no-route'>;
  /** Ask for a heartbeat now (its answer brings the new session's meter). */
  requestHeartbeat?: () => void;
  /**
   * The clock the time elapsed since the meter was heard is measured on (ms;
   * only differences count): monotonic by default (`performance.now()`), so
   * setting the PC's clock while offline neither adds nor takes minutes.
   */
  now?: MonotonicClock;
}

/** The session's meter as heard, and when by the monotonic clock. */
interface Heard {
  snapshot: MeterSnapshot;
  heardAt: number;
}

/** The warning due when the remaining time goes from `previous` to `next`, if any: the most urgent one crossed. */
export function warningCrossed(
  previous: number | null,
  next: number | null,
  alreadyWarned: ReadonlySet<number>,
): (typeof TIME_WARNINGS)[number] | null {
  if (next === null) return null;
  const crossed = TIME_WARNINGS.filter(
    (w) => next <= w.minutes && (previous === null || previous > w.minutes) && !alreadyWarned.has(w.minutes),
  );
  return crossed.at(-1) ?? null;
}

export class SessionTimeService {
  private timer: TimerId | null = null;
  private sessionId: string | null = null;
  private readonly warned = new Set<number>();
  private readonly sessionStore: SessionStore;
  private readonly connectionStore: ConnectionStore;
  private readonly timers: Timers;
  private readonly log: Pick<Console, 'info' | 'warn'>;
  private offs: Array<() => void> | null = null;
  private readonly emitter = new Emitter<SessionTimeEvents>();
  /** The last meter the server gave for this session. */
  private meter: Heard | null = null;
  /** Said once per session: a server without the meter is not news every minute. */
  private meterWarned = false;
  /** The last heartbeat answer carried the meter (a snapshot or null): no GET /pricing/meter then. */
  private heartbeatCarries = false;
  /** This session's server answered GET /pricing/meter with 404. */
  private noMeterRoute = false;

  constructor(private readonly deps: SessionTimeDeps) {
    this.sessionStore = deps.sessionStore ?? useSessionStore;
    this.connectionStore = deps.connectionStore ?? useConnectionStore;
    this.timers = deps.timers ?? globalTimers;
    this.log = deps.log ?? console;
  }

  /** Subscribe to the time warnings. Returns the unsubscribe function. */
  on<K extends keyof SessionTimeEvents>(event: K, handler: (payload: SessionTimeEvents[K]) => void): () => void {
    return this.emitter.on(event, handler);
  }

  start(): void {
    if (this.offs) return;
    this.offs = [
      this.sessionStore.subscribe((state, previous) => this.onChange(state, previous)),
      // Back online: the server's figure replaces the local countdown.
      this.connectionStore.subscribe((state, previous) => {
        if (state.state === 'connected' && previous.state !== 'connected' && this.sessionStore.getState().session) {
          void this.deps.refresh();
        }
      }),
    ];
    this.onChange(this.sessionStore.getState(), { ...this.sessionStore.getState(), session: null, remainingMinutes: null });
  }

  stop(): void {
    this.offs?.forEach((off) => off());
    this.offs = null;
    this.stopTicking();
  }

  private onChange(state: SessionState, previous: SessionState): void {
    const id = state.session?.sessionId ?? null;
    if (id !== this.sessionId) {
      this.sessionId = id;
      this.meter = null;
      this.meterWarned = false;
      this.noMeterRoute = false;
      this.warned.clear();
      this.stopTicking();
      if (id !== null) {
        this.timer = this.timers.setInterval(() => this.tick(), SESSION_TIME_UPDATE_MS);
        // The new session's meter: with the next heartbeat's answer, asked for now; else from the route.
        if (this.heartbeatCarries) this.deps.requestHeartbeat?.();
        else void this.refreshMeter(id);
      }
      previous = { ...previous, remainingMinutes: null };
    }
    if (id === null || state.remainingMinutes === previous.remainingMinutes) return;
    const warning = warningCrossed(previous.remainingMinutes, state.remainingMinutes, this.warned);
    if (!warning) return;
    for (const w of TIME_WARNINGS) if (w.minutes >= warning.minutes) this.warned.add(w.minutes);
    this.log.info(`[time] ${warning.minutes} minutes left`);
    this.deps.playSound(warning.soundRepeats);
    this.deps.bridge.send({ command: 'TimeRemaining', minutes: warning.minutes });
    this.emitter.emit('warning', { minutes: warning.minutes });
  }

  private tick(): void {
    const { session, remainingMinutes } = this.sessionStore.getState();
    if (!session) return;
    if (this.connectionStore.getState().state === 'connected') {
      void this.deps.refresh();
      if (!this.heartbeatCarries) void this.refreshMeter(session.sessionId);
      return;
    }
    if (remainingMinutes === null) return;
    // By the price list when the server gave its meter; else the last figure, one minute less.
    const byRules = this.meter ? minutesLeftSinceHeard(this.meter.snapshot, this.meter.heardAt, this.now()) : undefined;
    const next = byRules === undefined || byRules === null ? Math.max(0, remainingMinutes - 1) : byRules;
    this.sessionStore.setState({ remainingMinutes: next });
    if (next === 0) {
      this.log.warn('[time] time is up while the server is unreachable; locking the station');
      this.deps.onTimeUp();
    }
  }

  /**
   * A heartbeat's answer (any server's, any shape): our server's meter is kept
   * when it is this session's; null says none applies now. An answer without
   * one (or with one that does not read) changes nothing and makes the next
   * refresh ask GET /pricing/meter.
   */
  heardHeartbeat(answer: unknown): void {
    const meter = heartbeatMeter(answer);
    this.heartbeatCarries = meter !== undefined;
    if (meter === undefined || this.sessionId === null) return;
    if (meter === null) this.meter = null;
    else if (meter.sessionId === this.sessionId) this.meter = { snapshot: meter, heardAt: this.now() };
  }

  /** Reads the session's meter from GET /pricing/meter (kept until the next one; a server without it keeps none). */
  async refreshMeter(sessionId: string | null = this.sessionId): Promise<void> {
    if (!this.deps.loadMeter || sessionId === null || this.noMeterRoute) return;
    try {
      const meter = await this.deps.loadMeter();
      if (this.sessionId !== sessionId) return;
      if (meter === 'no-route') {
        this.noMeterRoute = true;
        this.meter = null;
        this.log.info('[time] this server has no price meter: the SPEC countdown offline');
        return;
      }
      this.meter = meter && meter.sessionId === sessionId ? { snapshot: meter, heardAt: this.now() } : null;
    } catch (error) {
      if (this.meterWarned) return;
      this.meterWarned = true;
      this.log.warn(`[time] no price meter from this server: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private now(): number {
    return (this.deps.now ?? monotonicNow)();
  }

  private stopTicking(): void {
    if (this.timer === null) return;
    this.timers.clearInterval(this.timer);
    this.timer = null;
  }
}
