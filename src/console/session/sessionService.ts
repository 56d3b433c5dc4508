/**
 * Who is signed in to the console: restores the cookie session on load, signs
 * in (password, then the authenticator's code when asked), sets up TOTP, signs out.
 */
import { consoleLogin, consoleLogout, consoleSession, totpConfirm, totpSetup, type ConsoleSession } from '../../shared/api/console.js';
import { act } from '../core/act.js';
import type { Http } from '../core/http.js';
import { createSessionStore, isWorking, type SessionStore } from './sessionStore.js';

export class SessionService {
  private pending: { username: string; password: string } | null = null;
  private listeners = new Set<(working: boolean) => void>();

  constructor(
    private readonly http: Http,
    readonly store: SessionStore = createSessionStore(),
  ) {
    http.onSignedOut(() => this.signedOut());
  }

  /**
   * Tells when the console starts or stops working: signed in past the authenticator enrolment (true),
   * or signed out (false). The live screens start and stop with it. Returns unsubscribe.
   */
  onChange(listener: (working: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async restore(): Promise<void> {
    try {
      this.signedIn(await this.http.call(consoleSession));
    } catch {
      this.store.setState({ status: 'signed_out', session: null });
    }
  }

  /**
   * The live channel was refused: asks the server whether this session still stands (a 401 signs the
   * console out through the HTTP client); a session that stands keeps the channel retrying.
   */
  async check(): Promise<void> {
    if (this.store.getState().status !== 'signed_in') return;
    try {
      const session = await this.http.call(consoleSession);
      this.store.setState({ session });
    } catch {
      // a 401 already signed out; anything else (the server away) leaves it to the next try
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

  /** setupCode: an owner's one-time set-up code (from another owner, or the server machine); staff need none. */
  async startEnrolment(setupCode?: string): Promise<void> {
    await this.attempt(async () => {
      const { secret, qrDataUrl } = await this.http.call(totpSetup, { body: setupCode ? { setupCode } : {} });
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
    const working = isWorking(this.store.getState());
    for (const listener of this.listeners) listener(working);
  }

  private signedOut(): void {
    const was = isWorking(this.store.getState());
    this.http.setCsrf(null);
    this.store.setState({ status: 'signed_out', session: null, enrolment: null });
    if (was) for (const listener of this.listeners) listener(false);
  }

  private async attempt(work: () => Promise<void>): Promise<void> {
    await act(this.store, work);
  }
}
