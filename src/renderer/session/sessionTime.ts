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
 * - Offline with the price list's meter (issue 26, our server only: GET
 *   /pricing/meter, read with each refresh), the minutes left are recomputed
 *   from the clock by the shared pricing module instead of counted down: a
 *   cheaper period starting while the server is unreachable makes them last
 *   longer, and a late or skipped tick loses nothing.
 */
import type { SpawnpointBridge } from '../../shared/bridge/protocol.js';
import { offlineMinutesLeft, type MeterSnapshot } from '../../shared/pricing/offline.js';
import { SESSION_TIME_UPDATE_MS, TIME_WARNINGS } from '../../shared/constants.js';
import { useConnectionStore, type ConnectionStore } from '../core/connection/connectionStore.js';
import { useSessionStore, type SessionState, type SessionStore } from './sessionStore.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';
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
  /** The session's meter for the offline countdown (null: none; a server without it: reject or null). */
  loadMeter?: () => Promise<MeterSnapshot | null>;
  /** The station's clock (ms). */
  now?: () => number;
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
  private meter: MeterSnapshot | null = null;
  /** Said once per session: a server without the meter is not news every minute. */
  private meterWarned = false;

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
      this.warned.clear();
      this.stopTicking();
      if (id !== null) {
        this.timer = this.timers.setInterval(() => this.tick(), SESSION_TIME_UPDATE_MS);
        void this.refreshMeter(id);
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
      void this.refreshMeter(session.sessionId);
      return;
    }
    if (remainingMinutes === null) return;
    // By the price list when the server gave its meter; else the last figure, one minute less.
    const byRules = this.meter ? offlineMinutesLeft(this.meter, (this.deps.now ?? Date.now)()) : undefined;
    const next = byRules === undefined || byRules === null ? Math.max(0, remainingMinutes - 1) : byRules;
    this.sessionStore.setState({ remainingMinutes: next });
    if (next === 0) {
      this.log.warn('[time] time is up while the server is unreachable; locking the station');
      this.deps.onTimeUp();
    }
  }

  /** Reads the session's meter (kept until the next one; a server without it keeps none). */
  async refreshMeter(sessionId: string | null = this.sessionId): Promise<void> {
    if (!this.deps.loadMeter || sessionId === null) return;
    try {
      const meter = await this.deps.loadMeter();
      if (this.sessionId === sessionId) this.meter = meter;
    } catch (error) {
      if (this.meterWarned) return;
      this.meterWarned = true;
      this.log.warn(`[time] no price meter from this server: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private stopTicking(): void {
    if (this.timer === null) return;
    this.timers.clearInterval(this.timer);
    this.timer = null;
  }
}
