/** SPEC §3 current session: who is signed in on this station, and their time. */
import { create } from 'zustand';
import type { StoredSession } from '../../shared/entities.js';

export interface SessionState {
  /** The stored station session; null when nobody is signed in. */
  session: StoredSession | null;
  /** Minutes left on a prepaid session; null for an open session (elapsed time shows). */
  remainingMinutes: number | null;
  isPrepaid: boolean;
}

export const INITIAL_SESSION_STATE: SessionState = {
  session: null,
  remainingMinutes: null,
  isPrepaid: false,
};

export const useSessionStore = create<SessionState>()(() => ({ ...INITIAL_SESSION_STATE }));

export type SessionStore = typeof useSessionStore;

export const selectSession = (s: SessionState): StoredSession | null => s.session;
export const selectIsSignedIn = (s: SessionState): boolean => s.session !== null;
