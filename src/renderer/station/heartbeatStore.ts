/** SPEC §4 heartbeat: the state the heartbeat service publishes. */
import { create } from 'zustand';

export interface HeartbeatState {
  active: boolean;
  /** Failures in a row; reset by a success. */
  consecutiveErrors: number;
  /** "status code and text", or the error message, of the last failure. */
  lastError: string | null;
  lastSuccessAt: string | null;
  /** When the server last said it heard a heartbeat (stationHeartbeatAck). */
  lastAckAt: string | null;
}

export const INITIAL_HEARTBEAT_STATE: HeartbeatState = {
  active: false,
  consecutiveErrors: 0,
  lastError: null,
  lastSuccessAt: null,
  lastAckAt: null,
};

export const useHeartbeatStore = create<HeartbeatState>()(() => ({ ...INITIAL_HEARTBEAT_STATE }));

export type HeartbeatStore = typeof useHeartbeatStore;
