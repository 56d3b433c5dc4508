/** The station's identity (from the shell) and its details (from the server). */
import { create } from 'zustand';
import type { ConnectionInfo, StationDetails } from '../../shared/entities.js';

export interface StationState {
  /** null until the shell answers GimmeData with HereTheData. */
  info: ConnectionInfo | null;
  details: StationDetails | null;
}

export const useStationStore = create<StationState>()(() => ({ info: null, details: null }));

export type StationStore = typeof useStationStore;
