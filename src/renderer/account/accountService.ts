/**
 * The current user's account (SPEC §3 User/profile): filled from the login
 * answer, kept up to date by balance updates, refreshed from GET /profile
 * (registered users only). A 401 there means the server no longer accepts
 * this login: the session ends.
 */
import { getProfile } from '../../shared/api/profile.js';
import type { User } from '../../shared/entities.js';
import type { ServerToClientPayloads } from '../../shared/socket/events.js';
import { ApiError, describeError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { ConnectionService } from '../core/connection/connectionService.js';
import type { SessionService } from '../session/sessionService.js';
import { INITIAL_ACCOUNT_STATE, useAccountStore, type AccountStore } from './accountStore.js';

export interface AccountServiceDeps {
  api: Pick<ApiClient, 'call'>;
  connection: Pick<ConnectionService, 'on'>;
  session: Pick<SessionService, 'current' | 'on' | 'logout' | 'noteUserType'>;
  store?: AccountStore;
  log?: Pick<Console, 'info' | 'warn'>;
}

const fromUser = (user: Pick<User, 'type' | 'level' | 'xp' | 'balance' | 'protectedBalance'>) => ({
  type: user.type,
  level: user.level,
  xp: user.xp,
  balance: user.balance + user.protectedBalance,
});

export class AccountService {
  private readonly store: AccountStore;
  private readonly log: Pick<Console, 'info' | 'warn'>;

  constructor(private readonly deps: AccountServiceDeps) {
    this.store = deps.store ?? useAccountStore;
    this.log = deps.log ?? console;
  }

  /** Follow the session and its balance updates. Returns the function that stops. */
  attach(): () => void {
    const offs = [
      this.deps.session.on('started', ({ session, user }) => {
        if (user) this.store.setState(fromUser(user), true);
        else this.store.setState({ ...INITIAL_ACCOUNT_STATE, type: session.isGuest ? 'guest' : null }, true);
      }),
      this.deps.session.on('ended', () => this.store.setState({ ...INITIAL_ACCOUNT_STATE }, true)),
      this.deps.connection.on('sessionBalanceUpdate', (payload) => this.balanceUpdate(payload)),
    ];
    return () => offs.forEach((off) => off());
  }

  /** GET /profile for the level badge and balance (registered users only; errors are logged). */
  async refresh(): Promise<void> {
    const session = this.deps.session.current;
    if (!session || session.isGuest) return;
    const still = () => this.deps.session.current?.sessionId === session.sessionId;
    try {
      const profile = await this.deps.api.call(getProfile);
      if (!still()) return;
      this.store.setState(fromUser(profile));
      this.deps.session.noteUserType(profile.type);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && still()) {
        this.log.info('[account] the server no longer accepts this login; logging out');
        this.deps.session.logout('unauthorized');
        return;
      }
      this.log.warn(`[account] could not load the profile: ${describeError(error)}`);
    }
  }

  private balanceUpdate(payload: ServerToClientPayloads['sessionBalanceUpdate']): void {
    if (payload.sessionId !== this.deps.session.current?.sessionId) return;
    this.store.setState((s) => ({
      level: payload.level ?? s.level,
      xp: payload.xp ?? s.xp,
      balance: payload.totalUsableBalance,
    }));
  }
}
