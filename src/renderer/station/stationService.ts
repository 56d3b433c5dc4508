/**
 * Station setup: ask the shell for the connection info (GimmeData →
 * HereTheData), then point HTTP and the socket at the server it names, and
 * load the station details. GimmeData is repeated until it is answered, so a
 * shell that starts late is still heard.
 */
import type { SpawnpointBridge } from '../../shared/bridge/protocol.js';
import { getStationDetails } from '../../shared/api/routes.js';
import type { ConnectionInfo } from '../../shared/entities.js';
import type { ApiClient } from '../api/httpClient.js';
import { describeError } from '../api/apiError.js';
import type { LocalStateStore } from '../storage/localState.js';
import { globalTimers, type TimerId, type Timers } from '../time/timers.js';
import { useStationStore, type StationStore } from './stationStore.js';

/** How often GimmeData is repeated while the shell has not answered. */
export const GIMME_DATA_RETRY_MS = 3_000;

export interface StationServiceDeps {
  bridge: SpawnpointBridge;
  api: ApiClient;
  storage: LocalStateStore;
  /** Called once per new connection info (connect the socket, …). */
  onInfo: (info: ConnectionInfo) => void;
  timers?: Timers;
  store?: StationStore;
  log?: Pick<Console, 'warn' | 'info'>;
}

export class StationService {
  private retryTimer: TimerId | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly timers: Timers;
  private readonly store: StationStore;
  private readonly log: Pick<Console, 'warn' | 'info'>;

  constructor(private readonly deps: StationServiceDeps) {
    this.timers = deps.timers ?? globalTimers;
    this.store = deps.store ?? useStationStore;
    this.log = deps.log ?? console;
  }

  get info(): ConnectionInfo | null {
    return this.store.getState().info;
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.deps.bridge.onMessage((message) => {
      if (message.command === 'HereTheData') this.receive(message.data);
    });
    this.request();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearRetry();
  }

  /** Load station name, group and hourly rate (errors are logged, not shown). */
  async loadDetails(): Promise<void> {
    const info = this.info;
    if (!info) return;
    try {
      const details = await this.deps.api.call(getStationDetails, { body: { stationId: info.stationId } });
      this.store.setState({ details });
    } catch (error) {
      this.log.warn(`[station] could not load station details: ${describeError(error)}`);
    }
  }

  private request(): void {
    this.deps.bridge.send({ command: 'GimmeData' });
    this.clearRetry();
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (!this.info) this.request();
    }, GIMME_DATA_RETRY_MS);
  }

  private receive(info: ConnectionInfo): void {
    this.clearRetry();
    const previous = this.info;
    if (previous && JSON.stringify(previous) === JSON.stringify(info)) return;
    this.log.info(`[station] connection info for station ${info.stationId} (${info.serverUrl})`);
    this.deps.api.setBaseUrl(info.serverUrl);
    this.deps.api.setStationCredential(info.stationCredential ?? null);
    this.store.setState({ info });
    this.deps.storage.update({
      stationInfo: { stationId: info.stationId, macAddress: info.macAddress, ipAddress: info.ipAddress },
    });
    this.deps.onInfo(info);
    void this.loadDetails();
  }

  private clearRetry(): void {
    if (this.retryTimer === null) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
