/** SPEC §4 realtime connection: the state the connection service publishes. */
import { create } from 'zustand';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';
export type ConnectionLifecycle = 'initializing' | 'ready' | 'error';

export interface ConnectionStoreState {
  state: ConnectionState;
  lifecycle: ConnectionLifecycle;
  /** The last connect or disconnect reason, for logs and diagnostics. */
  lastError: string | null;
  /** Attempts since the last successful connect. */
  attempts: number;
  /** The server said this connection is not good (connectionStatus); cleared by the next connect. */
  serverRefused: boolean;
}

export const INITIAL_CONNECTION_STATE: ConnectionStoreState = {
  state: 'disconnected',
  lifecycle: 'initializing',
  lastError: null,
  attempts: 0,
  serverRefused: false,
};

export const useConnectionStore = create<ConnectionStoreState>()(() => ({
  ...INITIAL_CONNECTION_STATE,
}));

export type ConnectionStore = typeof useConnectionStore;
