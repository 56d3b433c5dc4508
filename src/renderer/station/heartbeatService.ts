/**
 * SPEC §4/§7 heartbeat: inactive until the app signals ready; then POST
 * /station-heartbeat at once and every HEARTBEAT_INTERVAL_MS. A failure is
 * recorded and counted, and never stops the heartbeat. The SPEC reads nothing
 * of the answer; it is handed as it came to whoever listens (`onAnswer`: the
 * session's time reads our server's meter from it, issue 26).
 */
import { CLIENT_VERSION, HEARTBEAT_INTERVAL_MS } from '../../shared/constants.js';
import type { HeartbeatBody } from '../../shared/api/station.js';
import type { ConnectionInfo } from '../../shared/entities.js';
import { describeError } from '../core/api/apiError.js';
import { Emitter } from '../core/events.js';
import type { ConnectionService } from '../core/connection/connectionService.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';
import { useHeartbeatStore, type HeartbeatStore } from './heartbeatStore.js';

export interface HeartbeatServiceDeps {
  /** Sends one heartbeat; rejects on failure. */
  post: (body: HeartbeatBody) => Promise<unknown>;
  /** The station's connection info; no beat is sent while it is unknown. */
  getStation: () => ConnectionInfo | null;
  timers?: Timers;
  now?: () => Date;
  store?: HeartbeatStore;
  log?: Pick<Console, 'warn'>;
}

/**
 * The server's side of the heartbeat (issue 24): stationHeartbeat asks for
 * one now, stationHeartbeatAck says one was heard. An event naming another
 * station is ignored; one naming none is for this station (its room).
 */
export function followServerHeartbeat(deps: {
  connection: Pick<ConnectionService, 'on'>;
  heartbeat: Pick<HeartbeatService, 'requested' | 'acknowledged'>;
  getStationId: () => string | null;
}): Array<() => void> {
  const mine = (payload: { stationId?: string | undefined }) =>
    payload.stationId === undefined || payload.stationId === deps.getStationId();
  return [
    deps.connection.on('stationHeartbeat', (payload) => {
      if (mine(payload)) void deps.heartbeat.requested();
    }),
    deps.connection.on('stationHeartbeatAck', (payload) => {
      if (mine(payload)) deps.heartbeat.acknowledged();
    }),
  ];
}

export function heartbeatBody(station: ConnectionInfo, now: Date): HeartbeatBody {
  return {
    stationId: station.stationId,
    ipAddress: station.ipAddress,
    macAddress: station.macAddress,
    metadata: { pcName: station.pcName, clientVersion: CLIENT_VERSION, timestamp: now.toISOString() },
  };
}

export class HeartbeatService {
  private timer: TimerId | null = null;
  private inFlight = false;
  private readonly timers: Timers;
  private readonly now: () => Date;
  private readonly store: HeartbeatStore;
  private readonly log: Pick<Console, 'warn'>;
  /** A listener that throws is logged; the heartbeat goes on. */
  private readonly answers = new Emitter<{ answer: unknown }>((_, error) => this.log.warn(`[heartbeat] a reader of the answer failed: ${describeError(error)}`));

  constructor(private readonly deps: HeartbeatServiceDeps) {
    this.timers = deps.timers ?? globalTimers;
    this.now = deps.now ?? (() => new Date());
    this.store = deps.store ?? useHeartbeatStore;
    this.log = deps.log ?? console;
  }

  get active(): boolean {
    return this.timer !== null;
  }

  /** The app is ready: start beating (idempotent). */
  start(): void {
    if (this.timer !== null) return;
    this.timer = this.timers.setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    this.store.setState({ active: true });
    void this.beat();
  }

  stop(): void {
    if (this.timer === null) return;
    this.timers.clearInterval(this.timer);
    this.timer = null;
    this.store.setState({ active: false });
  }

  /**
   * The server asked for a heartbeat now (stationHeartbeat): one is sent at
   * once while the service is active, unless one is already on its way.
   */
  requested(): Promise<void> {
    if (this.timer === null || this.inFlight) return Promise.resolve();
    return this.beat();
  }

  /** The server heard a heartbeat (stationHeartbeatAck): it answers, so no failure streak stands. */
  acknowledged(): void {
    this.store.setState({ consecutiveErrors: 0, lastError: null, lastAckAt: this.now().toISOString() });
  }

  /** Hears every answered heartbeat's answer, unread (any shape a server sends). Returns the unsubscribe function. */
  onAnswer(listener: (answer: unknown) => void): () => void {
    return this.answers.on('answer', listener);
  }

  /** One heartbeat; resolves when it has been recorded. */
  async beat(): Promise<void> {
    const station = this.deps.getStation();
    if (!station) return;
    this.inFlight = true;
    try {
      const answer = await this.deps.post(heartbeatBody(station, this.now()));
      this.store.setState({ consecutiveErrors: 0, lastError: null, lastSuccessAt: this.now().toISOString() });
      this.answers.emit('answer', answer);
    } catch (error) {
      const message = describeError(error);
      this.log.warn(`[heartbeat] failed: ${message}`);
      this.store.setState((s) => ({ consecutiveErrors: s.consecutiveErrors + 1, lastError: message }));
    } finally {
      this.inFlight = false;
    }
  }
}
