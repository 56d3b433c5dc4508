/**
 * SPEC §4 status sender. 'available' is sent only once the app is ready to
 * send status; any other status is sent as soon as the socket is connected,
 * waits for stationStatusAck and is re-sent every STATUS_ACK_TIMEOUT_MS
 * until one arrives. While offline only the latest pending status is kept,
 * and it is sent on connect.
 */
import { STATUS_ACK_TIMEOUT_MS } from '../../shared/constants.js';
import type { StationStatus } from '../../shared/entities.js';
import type { ConnectionService } from '../core/connection/connectionService.js';
import { useConnectionStore, type ConnectionStore } from '../core/connection/connectionStore.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';

export interface StatusSenderDeps {
  connection: Pick<ConnectionService, 'emit' | 'isConnected' | 'on'>;
  getStation: () => { stationId: string; macAddress: string } | null;
  connectionStore?: ConnectionStore;
  timers?: Timers;
  now?: () => Date;
  log?: Pick<Console, 'info' | 'warn'>;
}

export class StatusSender {
  private ready = false;
  /** The latest status not yet sent (or sent and lost with the connection). */
  private pending: StationStatus | null = null;
  /** A non-available status sent and not yet acknowledged. */
  private awaiting: StationStatus | null = null;
  private resendTimer: TimerId | null = null;
  private readonly now: () => Date;
  private readonly timers: Timers;
  private readonly log: Pick<Console, 'info' | 'warn'>;
  private readonly offs: Array<() => void>;

  constructor(private readonly deps: StatusSenderDeps) {
    this.now = deps.now ?? (() => new Date());
    this.timers = deps.timers ?? globalTimers;
    this.log = deps.log ?? console;
    const store = deps.connectionStore ?? useConnectionStore;
    this.offs = [
      store.subscribe((state, previous) => {
        if (state.state === 'connected' && previous.state !== 'connected') this.flush();
        else if (state.state !== 'connected' && previous.state === 'connected') this.goneOffline();
      }),
      deps.connection.on('stationStatusAck', (ack) => this.acknowledge(ack.stationId, ack.status)),
    ];
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** What is still to be delivered: the pending status, else the unacknowledged one. */
  get undelivered(): StationStatus | null {
    return this.pending ?? this.awaiting;
  }

  markReady(): void {
    this.ready = true;
    this.flush();
  }

  /** Report a status; it replaces anything not yet delivered. */
  report(status: StationStatus): void {
    this.clearResend();
    this.awaiting = null;
    this.pending = status;
    this.flush();
  }

  dispose(): void {
    this.clearResend();
    this.offs.forEach((off) => off());
  }

  private flush(): void {
    const status = this.pending;
    if (status === null || !this.deps.connection.isConnected) return;
    if (status === 'available' && !this.ready) return;
    if (!this.send(status)) return;
    this.pending = null;
    if (status !== 'available') this.await(status);
  }

  private send(status: StationStatus): boolean {
    const station = this.deps.getStation();
    if (!station) return false;
    return this.deps.connection.emit('station_status_update', {
      status,
      timestamp: this.now().toISOString(),
      stationId: station.stationId,
      macAddress: station.macAddress,
    });
  }

  private await(status: StationStatus): void {
    this.awaiting = status;
    this.clearResend();
    this.resendTimer = this.timers.setTimeout(() => {
      this.resendTimer = null;
      if (this.awaiting !== status) return;
      this.log.warn(`[status] no acknowledgment for '${status}'; sending it again`);
      if (this.send(status)) this.await(status);
    }, STATUS_ACK_TIMEOUT_MS);
  }

  private acknowledge(stationId: string, status: string): void {
    const station = this.deps.getStation();
    if (!station || station.stationId !== stationId || this.awaiting !== status) return;
    this.awaiting = null;
    this.clearResend();
  }

  /** An unacknowledged status becomes pending again, unless a newer one is waiting. */
  private goneOffline(): void {
    this.clearResend();
    if (this.awaiting !== null && this.pending === null) this.pending = this.awaiting;
    this.awaiting = null;
  }

  private clearResend(): void {
    if (this.resendTimer === null) return;
    this.timers.clearTimeout(this.resendTimer);
    this.resendTimer = null;
  }
}
