/**
 * The front door's logins, outside React: password (with a prepaid card
 * redeemed first), NFC card, and whatever OAuth returns all end in
 * `complete`, which holds the login behind a gate when the administrator
 * asked for a password change or a top-up (SPEC §4 Login outcomes), and
 * otherwise starts the session.
 */
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { login, nfcLogin } from '../../shared/api/auth.js';
import { getProfile, redeemPrepaidWithUsername, updatedProfileAnswer, updateProfile } from '../../shared/api/profile.js';
import type { ConnectionInfo, LoginResponse, User } from '../../shared/entities.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { SessionService } from '../session/sessionService.js';
import type { StatusSender } from '../station/statusSender.js';
import { useGateStore, type GateStore } from './gates/gateStore.js';

export interface FrontDoorDeps {
  api: Pick<ApiClient, 'call' | 'setToken'>;
  session: Pick<SessionService, 'startFromLogin'>;
  status: Pick<StatusSender, 'report'>;
  store?: GateStore;
}

/** SPEC §4: the top-up gate opens the door at ≥ 100 IQD with the flag cleared. */
export function hasToppedUp(user: Pick<User, 'balance' | 'protectedBalance' | 'requireBalanceTopUp'>): boolean {
  return user.balance + user.protectedBalance >= MIN_BALANCE_TO_PROCEED_IQD && !user.requireBalanceTopUp;
}

export class FrontDoorService {
  private readonly store: GateStore;
  private pending = 0;

  constructor(private readonly deps: FrontDoorDeps) {
    this.store = deps.store ?? useGateStore;
  }

  /** POST /prepaid-cards/redeem-with-username; resolves to the IQD added, throws an ApiError. */
  async redeemForUsername(code: string, username: string): Promise<number> {
    const result = await this.deps.api.call(redeemPrepaidWithUsername, { body: { code, username } });
    return result.balanceAdded;
  }

  /** POST /auth/client/login; throws an ApiError. */
  passwordLogin(username: string, password: string, station: ConnectionInfo): Promise<void> {
    return this.inFlight(async () => {
      const response = await this.deps.api.call(login, {
        body: { username, password, macAddress: station.macAddress },
      });
      this.complete(response, station);
    });
  }

  /**
   * POST /auth/client/nfc-login; throws an ApiError. `beforeComplete` runs
   * between the answer and the session start (the modal's 1.5 s success).
   */
  nfcLogin(cardUid: string, station: ConnectionInfo, beforeComplete?: () => Promise<void>): Promise<void> {
    return this.inFlight(async () => {
      const response = await this.deps.api.call(nfcLogin, { body: { cardUid, macAddress: station.macAddress } });
      await beforeComplete?.();
      this.complete(response, station);
    });
  }

  /**
   * The server announces every login with sessionStarted, often before the
   * HTTP answer arrives: while a login of ours is in flight or held behind a
   * gate, that event is ours, not a new session (the gate decides).
   */
  claims(payload: { sessionId: string; isGuest: boolean }): boolean {
    if (payload.isGuest) return false;
    return this.pending > 0 || this.store.getState().held?.response.sessionId === payload.sessionId;
  }

  /** Start the session, unless a gate holds it first. */
  complete(response: LoginResponse, station: ConnectionInfo): void {
    const { user } = response;
    if (user.requirePasswordReset) return this.hold('password-change', response, station);
    if (user.requireBalanceTopUp && !hasToppedUp(user)) return this.hold('top-up', response, station);
    this.store.setState({ held: null });
    this.deps.session.startFromLogin(response, station);
  }

  /** The forced change: PUT /profile {currentPassword, newPassword}; then the next gate, or in. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const held = this.store.getState().held;
    if (!held) return;
    // SPEC §7 shows no answer to PUT /profile: any 2xx means the password changed.
    const answer = updatedProfileAnswer.parse(
      await this.deps.api.call(updateProfile, { body: { currentPassword, newPassword }, validate: false }),
    );
    const user = answer ?? (await this.deps.api.call(getProfile).catch(() => held.response.user));
    this.complete({ ...held.response, user: { ...user, requirePasswordReset: false } }, held.station);
  }

  /** The top-up gate's poll: GET /profile; lets the user in once topped up. Returns whether it did. */
  async pollTopUp(): Promise<boolean> {
    const held = this.store.getState().held;
    if (held?.kind !== 'top-up') return false;
    const user = await this.deps.api.call(getProfile);
    if (this.store.getState().held !== held || !hasToppedUp(user)) return false;
    this.complete({ ...held.response, user }, held.station);
    return true;
  }

  /** A gate ran out of time (or was left): end the server session and drop the token. */
  abandon(): void {
    if (!this.store.getState().held) return;
    this.store.setState({ held: null });
    this.deps.api.setToken(null);
    // SPEC §4: the station reports itself available, which ends its session on the server.
    this.deps.status.report('available');
  }

  /** Run a call that may start a session on the server (a login of ours): see `claims`. */
  async inFlight<T>(run: () => Promise<T>): Promise<T> {
    this.pending++;
    try {
      return await run();
    } finally {
      this.pending--;
    }
  }

  private hold(kind: 'password-change' | 'top-up', response: LoginResponse, station: ConnectionInfo): void {
    this.deps.api.setToken(response.accessToken);
    this.store.setState({ held: { kind, response, station } });
  }
}
