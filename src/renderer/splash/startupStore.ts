/** App start-up state: what the splash waits for, and what the route gate checks. */
import { create } from 'zustand';

export interface StartupState {
  /** The shell answered StartUp with StartUpCompleted. */
  startupCompleted: boolean;
  /** The splash marked the heartbeat and the status sender ready. */
  ready: boolean;
}

export const useStartupStore = create<StartupState>()(() => ({ startupCompleted: false, ready: false }));

export type StartupStore = typeof useStartupStore;
