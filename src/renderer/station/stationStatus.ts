/**
 * SPEC §2 station-status blocking overlay: the status staff set for this
 * station (stationStatusChanged, or the station details at start-up), and
 * which title and text the overlay shows for it.
 */
import { create } from 'zustand';
import { isOpenStatus } from '../../shared/entities.js';
import type { MessageKey } from '../../shared/i18n/en.js';
import type { ConnectionService } from '../core/connection/connectionService.js';

export interface StationStatusState {
  /** null until known. */
  status: string | null;
  /** From the last stationStatusChanged that carried it. */
  stationNumber: number | null;
  /**
   * Staff's message with the status (a lock), when the server sends one (issue 23; not in the SPEC): shown on a line
   * of its own under the SPEC's texts. Each status change replaces it (a server that sends only a status: null).
   */
  message: string | null;
  /** When the status ends by itself (a hold's end, ISO), when the server says so; null otherwise. */
  until: string | null;
}

export const useStationStatusStore = create<StationStatusState>()(() => ({ status: null, stationNumber: null, message: null, until: null }));
export type StationStatusStore = typeof useStationStatusStore;

/** The overlay's title for a status, or null when the status blocks nothing. */
export function overlayTitleKey(status: string | null): MessageKey | null {
  if (status === null || isOpenStatus(status)) return null;
  switch (status) {
    case 'maintenance':
      return 'status.maintenance.title';
    case 'offline':
      return 'status.offline.title';
    case 'reserved':
      return 'status.reserved.title';
    default:
      return 'status.other.title';
  }
}

export interface StationStatusDeps {
  connection: Pick<ConnectionService, 'on'>;
  getStationId: () => string | null;
  store?: StationStatusStore;
}

/** Follow this station's status changes. Returns the function that stops. */
export function followStationStatus(deps: StationStatusDeps): () => void {
  const store = deps.store ?? useStationStatusStore;
  return deps.connection.on('stationStatusChanged', (payload) => {
    if (payload.stationId !== deps.getStationId()) return;
    store.setState((s) => ({
      status: payload.status,
      stationNumber: payload.stationNumber ?? s.stationNumber,
      message: payload.message ?? null,
      until: payload.until ?? null,
    }));
  });
}

/** The status from the station details, unless a live change already arrived. */
export function seedStationStatus(status: string, store: StationStatusStore = useStationStatusStore): void {
  if (store.getState().status === null) store.setState({ status });
}
