/**
 * SPEC §2/§4 QR/OAuth login modal, outside React: 'Choose Login Method' →
 * 'Generating QR code...' → 'Scan QR Code' (polled every second) →
 * 'Authentication Successful!' and the result 1.5 s later; the modal closes
 * by itself after 120 s; the back arrow cancels polling. Closing stops every
 * timer, the success pause included: nothing logs in after the modal is gone.
 */
import { QR_MODAL_AUTO_CLOSE_MS, SUCCESS_AUTO_CLOSE_MS } from '../../../shared/constants.js';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../shared/entities.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { oauthSessionErrorMessage } from '../authErrors.js';
import { globalTimers, type TimerId, type Timers } from '../../core/time/timers.js';
import type { OAuthOutcome, OAuthUserData } from './oauthResult.js';
import { QrPoller, type QrStatus } from './qrPoller.js';

/** One button of the grid; `development`: the cafe server's stand-in, not the real provider. */
export interface QrProviderOption {
  id: OAuthProvider;
  development: boolean;
}

/** The SPEC's grid: what a server that does not say otherwise offers. */
export const SPEC_PROVIDERS: readonly QrProviderOption[] = OAUTH_PROVIDERS.map((id) => ({ id, development: false }));

export type QrModalState =
  | { phase: 'choose'; providers: readonly QrProviderOption[] }
  | { phase: 'generating' }
  | { phase: 'waiting'; image: string }
  | { phase: 'success' };

export interface QrSignUp {
  email: string;
  username: string;
  provider: string;
}

export interface QrLoginFlowDeps {
  /**
   * GET /auth/client/oauth/providers (issue 25, not in the SPEC): what this
   * cafe configured. Absent, failing or malformed: the SPEC's five.
   */
  listProviders?(): Promise<{ providers: readonly QrProviderOption[] }>;
  /** GET /auth/oauth/qr-session/{provider}. */
  startSession(provider: OAuthProvider): Promise<{ sessionId: string; authUrl: string }>;
  /** GET /auth/oauth/qr-status/{sessionId}. */
  pollStatus(sessionId: string): Promise<QrStatus<OAuthUserData>>;
  /** The QR image (a data URL) for the auth URL; drawn on the station, the URL never leaves it. */
  drawQr(url: string): Promise<string>;
  /** False while the station has no MAC address yet (§5: 'Cannot create OAuth session: …'). */
  hasMacAddress?: () => boolean;
  /** Log in, or find out that the user must sign up (oauthResult.ts). */
  finish(userData: OAuthUserData): Promise<OAuthOutcome>;
  onChange(state: QrModalState): void;
  onError(message: UiMessage): void;
  onSignUp(prefill: QrSignUp): void;
  /** The modal is done. */
  onClose(): void;
  timers?: Timers;
}

export class QrLoginFlow {
  private offered: readonly QrProviderOption[] = SPEC_PROVIDERS;
  private state: QrModalState = { phase: 'choose', providers: SPEC_PROVIDERS };
  private open = false;
  private poller: QrPoller<OAuthUserData> | null = null;
  private autoClose: TimerId | null = null;
  private successTimer: TimerId | null = null;
  /** Bumped by back/close: answers for an older attempt are dropped. */
  private attempt = 0;
  private readonly timers: Timers;

  constructor(private readonly deps: QrLoginFlowDeps) {
    this.timers = deps.timers ?? globalTimers;
  }

  get current(): QrModalState {
    return this.state;
  }

  start(): void {
    if (this.open) return;
    this.open = true;
    this.set({ phase: 'choose', providers: this.offered });
    void this.loadProviders();
    this.autoClose = this.timers.setTimeout(() => {
      this.autoClose = null;
      this.done();
    }, QR_MODAL_AUTO_CLOSE_MS);
  }

  /** Narrows the grid to what the server says it offers (in the SPEC's order); keeps the SPEC's five on any failure. */
  private async loadProviders(): Promise<void> {
    let listed: readonly QrProviderOption[];
    try {
      listed = (await this.deps.listProviders?.())?.providers ?? SPEC_PROVIDERS;
    } catch {
      return;
    }
    if (!Array.isArray(listed)) return;
    const byId = new Map(listed.map((p) => [p.id, p.development === true]));
    this.offered = OAUTH_PROVIDERS.filter((id) => byId.has(id)).map((id) => ({ id, development: byId.get(id) === true }));
    if (this.open && this.state.phase === 'choose') this.set({ phase: 'choose', providers: this.offered });
  }

  async choose(provider: OAuthProvider): Promise<void> {
    if (!this.open || this.state.phase !== 'choose') return;
    if (!this.offered.some((p) => p.id === provider)) return;
    const attempt = ++this.attempt;
    // §5: no session is asked for while the station has no device address.
    if (this.deps.hasMacAddress && !this.deps.hasMacAddress()) return this.fail({ key: 'error.oauth.sessionNoMac' });
    this.set({ phase: 'generating' });
    let session: { sessionId: string; authUrl: string };
    let image: string;
    try {
      session = await this.deps.startSession(provider);
    } catch (error) {
      if (this.isCurrent(attempt)) this.fail(oauthSessionErrorMessage(error));
      return;
    }
    try {
      image = await this.deps.drawQr(session.authUrl);
    } catch {
      if (this.isCurrent(attempt)) this.fail({ key: 'error.oauth.qr' });
      return;
    }
    if (!this.isCurrent(attempt)) return;
    this.set({ phase: 'waiting', image });
    this.poller = new QrPoller<OAuthUserData>(
      () => this.deps.pollStatus(session.sessionId),
      (outcome) => {
        if (!this.isCurrent(attempt)) return;
        if (outcome.kind === 'failed') return this.fail(outcome.message);
        this.set({ phase: 'success' });
        this.successTimer = this.timers.setTimeout(() => {
          this.successTimer = null;
          void this.complete(outcome.userData, attempt);
        }, SUCCESS_AUTO_CLOSE_MS);
      },
      this.timers,
    );
    this.poller.start();
  }

  /** The back arrow: stop polling, choose again. */
  back(): void {
    if (!this.open || this.state.phase !== 'waiting') return;
    this.attempt++;
    this.stopPolling();
    this.set({ phase: 'choose', providers: this.offered });
  }

  /** Closed (cancel, unmount, auto-close): every timer stops. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.attempt++;
    this.stopPolling();
    if (this.autoClose !== null) this.timers.clearTimeout(this.autoClose);
    this.autoClose = null;
    if (this.successTimer !== null) this.timers.clearTimeout(this.successTimer);
    this.successTimer = null;
  }

  private async complete(userData: OAuthUserData, attempt: number): Promise<void> {
    let outcome: OAuthOutcome;
    try {
      outcome = await this.deps.finish(userData);
    } catch {
      // The provider said yes, but the login with what it returned did not go through.
      outcome = { kind: 'error', message: { key: 'error.oauth.login' } };
    }
    if (!this.isCurrent(attempt)) return;
    if (outcome.kind === 'error') return this.fail(outcome.message);
    if (outcome.kind === 'sign-up') {
      this.deps.onSignUp({ email: outcome.email, username: outcome.username, provider: outcome.provider });
    }
    this.done();
  }

  private fail(message: UiMessage): void {
    this.deps.onError(message);
    this.done();
  }

  private done(): void {
    if (!this.open) return;
    this.close();
    this.deps.onClose();
  }

  private isCurrent(attempt: number): boolean {
    return this.open && attempt === this.attempt;
  }

  private stopPolling(): void {
    this.poller?.stop();
    this.poller = null;
  }

  private set(state: QrModalState): void {
    this.state = state;
    this.deps.onChange(state);
  }
}
