/** Station groups, rates and pairing codes as the tab reads them. */
import { createStore } from 'zustand/vanilla';
import type { StationGroup } from '../../../shared/api/admin-catalogue.js';
import { idle, type ActState } from '../../core/act.js';

export interface StationsState extends ActState {
  groups: StationGroup[];
  /** stationId → the code just issued (shown once). */
  codes: Record<string, { code: string; expiresAt: string }>;
}

export const createStationsStore = () => createStore<StationsState>(() => ({ ...idle, groups: [], codes: {} }));
