/**
 * Who is signed in to the console: restores the cookie session on load, signs
 * in (password, then the authenticator's code when asked), sets up TOTP, signs out.
 */
import { createStore } from 'zustand/vanilla';
import { consoleLogin, consoleLogout, consoleSession, totpConfirm, totpSetup, type ConsoleSession } from '../../shared/api/console.js';
import type { Http } from '../core/http.js';
import { runBusy } from '../core/busy.js';

export type SessionStatus = 'loading' | 'signed_out' | 'code' | 'signed_in';

export interface SessionState {
  status: SessionStatus;
  session: ConsoleSession | null;
  error: string | null;
  busy: boolean;
  enrolment: { secret: string; qrDataUrl: string } | null;
}

export class SessionService {
  readonly store = createStore<SessionState>(() => ({ status: 'loading', session: null, error: null, busy: false, enrolment: null }));
  private pending: { username: string; password: string } | null = null;
  private listeners: ((signedIn: boolean) => void)[] = [];

  constructor(private readonly http: Http) {
    http.onSignedOut(() => this.signedOut());
  }

  onChange(listener: (signedIn: boolean) => void): void {
    this.listeners.push(listener);
  }

  async restore(): Promise<void> {
    try {
      this.signedIn(await this.http.call(consoleSession));
    } catch {
      this.store.setState({ status: 'signed_out', session: null });
    }
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.attempt(async () => {
      const answer = await this.http.call(consoleLogin, { body: { username, password } });
      if (answer.status === 'totp_required') {
        this.pending = { username, password };
        this.store.setState({ status: 'code' });
      } else this.signedIn(answer.session);
    });
  }

  async submitCode(code: string): Promise<void> {
    const pending = this.pending;
    if (!pending) return this.back();
    await this.attempt(async () => {
      const answer = await this.http.call(consoleLogin, { body: { ...pending, totp: code } });
      if (answer.status === 'signed_in') this.signedIn(answer.session);
    });
  }

  back(): void {
    this.pending = null;
    this.store.setState({ status: 'signed_out', error: null });
  }

  async startEnrolment(): Promise<void> {
    await this.attempt(async () => {
      const { secret, qrDataUrl } = await this.http.call(totpSetup);
      this.store.setState({ enrolment: { secret, qrDataUrl } });
    });
  }

  async confirmEnrolment(code: string): Promise<void> {
    await this.attempt(async () => {
      await this.http.call(totpConfirm, { body: { code } });
      this.store.setState({ enrolment: null });
      this.signedIn(await this.http.call(consoleSession));
    });
  }

  async signOut(): Promise<void> {
    try {
      await this.http.call(consoleLogout);
    } finally {
      this.signedOut();
    }
  }

  private signedIn(session: ConsoleSession): void {
    this.pending = null;
    this.http.setCsrf(session.csrfToken);
    this.store.setState({ status: 'signed_in', session, error: null });
    for (const listener of this.listeners) listener(true);
  }

  private signedOut(): void {
    const was = this.store.getState().status === 'signed_in';
    this.http.setCsrf(null);
    this.store.setState({ status: 'signed_out', session: null, enrolment: null });
    if (was) for (const listener of this.listeners) listener(false);
  }

  private attempt(work: () => Promise<void>): Promise<void> {
    return runBusy(this.store, work);
  }
}
