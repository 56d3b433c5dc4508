/** Who is signed in to the console, as the screens read it. */
import { createStore } from 'zustand/vanilla';
import type { ConsoleSession } from '../../shared/api/console.js';

export type SessionStatus = 'loading' | 'signed_out' | 'code' | 'signed_in';

export interface SessionState {
  status: SessionStatus;
  session: ConsoleSession | null;
  error: string | null;
  busy: boolean;
  enrolment: { secret: string; qrDataUrl: string } | null;
}

export const createSessionStore = () => createStore<SessionState>(() => ({ status: 'loading', session: null, error: null, busy: false, enrolment: null }));
export type SessionStore = ReturnType<typeof createSessionStore>;

/** Signed in and past the authenticator enrolment: the live screens may run. */
export const isWorking = (state: SessionState) => state.status === 'signed_in' && !(state.session?.mustEnrolTotp ?? false);
export const isOwner = (state: SessionState) => state.session?.user.role === 'owner';
