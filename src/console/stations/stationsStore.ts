/** The Stations screen's own state: groups, alerts, the pairing code shown once, the selection and the filter. */
import { createStore } from 'zustand/vanilla';
import type { StationGroup } from '../../shared/api/admin-catalogue.js';
import type { StationAlert } from '../../shared/api/enrolment.js';
import { idle, type ActState } from '../core/act.js';

/** A pairing code as the owner reads it to the technician: shown once, gone when its dialog closes. */
export interface ShownCode {
  stationId: string;
  code: string;
  expiresAt: string;
  /** The server certificate's fingerprint the kiosk pins (null on a plain-HTTP demo). */
  fingerprint: string | null;
}

/** What the last action did, said by the screen in the console's language. */
/** `station`: the station's name, or the group's for groupAdded and groupRenamed. */
export type StationsDone = { kind: 'revoked' | 'moved' | 'edited' | 'groupAdded' | 'groupRenamed'; station: string };

/**
 * The receipt of a screenshot request (issue 24): asked, then taken (its image shown), seen (viewer closed)
 * or failed (the PC did not answer).
 */
export interface ShotReceipt {
  stationId: string;
  /** The server's id, once it answered the ask. */
  id: string | null;
  state: 'asked' | 'taken' | 'seen' | 'failed';
  /** The image as a data: URL, once taken. */
  image: string | null;
}

export interface StationsState extends ActState {
  done: StationsDone | null;
  groups: StationGroup[];
  alerts: StationAlert[];
  code: ShownCode | null;
  /** The station the keys act on. */
  selected: string | null;
  filter: string;
  shot: ShotReceipt | null;
}

export const createStationsStore = () =>
  createStore<StationsState>(() => ({ ...idle, done: null, groups: [], alerts: [], code: null, selected: null, filter: '', shot: null }));
export type StationsStore = ReturnType<typeof createStationsStore>;
