/**
 * SPEC §4 status sender (walking-skeleton version): station_status_update is
 * sent only once the app is ready; while not ready or offline only the latest
 * status is kept and it is sent on connect. Acknowledgments and re-sends come
 * with a later issue.
 */
import type { StationStatus } from '../../shared/entities.js';
import type { ConnectionService } from '../connection/connectionService.js';
import { useConnectionStore, type ConnectionStore } from '../connection/connectionStore.js';

export interface StatusSenderDeps {
  connection: Pick<ConnectionService, 'emit' | 'isConnected'>;
  getStation: () => { stationId: string; macAddress: string } | null;
  connectionStore?: ConnectionStore;
  now?: () => Date;
}

export class StatusSender {
  private ready = false;
  private pending: StationStatus | null = null;
  private readonly now: () => Date;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: StatusSenderDeps) {
    this.now = deps.now ?? (() => new Date());
    const store = deps.connectionStore ?? useConnectionStore;
    this.unsubscribe = store.subscribe((state, previous) => {
      if (state.state === 'connected' && previous.state !== 'connected') this.flush();
    });
  }

  get isReady(): boolean {
    return this.ready;
  }

  markReady(): void {
    this.ready = true;
    this.flush();
  }

  /** Report a status; kept as the latest pending one until it can be sent. */
  report(status: StationStatus): void {
    this.pending = status;
    this.flush();
  }

  dispose(): void {
    this.unsubscribe();
  }

  private flush(): void {
    if (!this.ready || this.pending === null || !this.deps.connection.isConnected) return;
    const station = this.deps.getStation();
    if (!station) return;
    const sent = this.deps.connection.emit('station_status_update', {
      status: this.pending,
      timestamp: this.now().toISOString(),
      stationId: station.stationId,
      macAddress: station.macAddress,
    });
    if (sent) this.pending = null;
  }
}
