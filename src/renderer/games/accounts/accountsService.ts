/**
 * SPEC §2 game modal, §4/§5 centre accounts: the accounts of each platform of
 * the open game (GET /game-accounts/client), Refresh, and Use — assign the
 * account to the current session (POST /game-accounts/{id}/assign/{sessionId}),
 * then launch with it. An account this session still holds (Use again) is
 * released first (POST /game-accounts/{id}/release) and assigned again: its
 * sign-in is given once per assignment, so a new launch needs a new one. A
 * customer never gets the password from the reference
 * server: the Launch names the account and the shell fetches its sign-in as
 * the station; a SPEC-only server that sends Username/Password still works.
 */
import { assignGameAccount, clientGameAccounts, releaseGameAccount } from '../../../shared/api/games.js';
import { platformName } from '../../../shared/catalog/platforms.js';
import type { GameAccount, GameEntry } from '../../../shared/entities.js';
import { describeError } from '../../core/api/apiError.js';
import type { ApiClient } from '../../core/api/httpClient.js';
import type { LaunchLock } from '../launch/launchLock.js';
import { assignFailure, isOwn, offersCentreAccounts, sortAccounts, refusalOfUse } from './accountRules.js';
import { INITIAL_ACCOUNTS_STATE, useAccountsStore, type AccountsStore } from './accountsStore.js';

export interface AccountsServiceDeps {
  api: Pick<ApiClient, 'call'>;
  launchLock: Pick<LaunchLock, 'lock' | 'unlock' | 'locked' | 'send'>;
  /** Told which games start with a centre account (released at session end). */
  onAccountLaunch?: (jsonId: string) => void;
  getSessionId: () => string | null;
  getStationGroupId?: () => string | null;
  store?: AccountsStore;
  log?: Pick<Console, 'warn'>;
}

export class AccountsService {
  readonly store: AccountsStore;
  private readonly log: Pick<Console, 'warn'>;
  /** Answers for an older game or request are dropped. */
  private readonly requests = new Map<number, number>();
  private sequence = 0;

  constructor(private readonly deps: AccountsServiceDeps) {
    this.store = deps.store ?? useAccountsStore;
    this.log = deps.log ?? console;
  }

  /** The modal opened for a game on these platforms: load each platform that offers accounts. */
  open(gameName: string, platforms: readonly number[]): void {
    this.requests.clear();
    this.store.setState({ ...INITIAL_ACCOUNTS_STATE, gameName });
    for (const platform of platforms) if (offersCentreAccounts(platform)) void this.load(platform);
  }

  close(): void {
    this.requests.clear();
    this.store.setState({ ...INITIAL_ACCOUNTS_STATE });
  }

  /** Refresh (the button, or gameAccountStatusChanged for this platform). */
  async load(platform: number): Promise<void> {
    const gameName = this.store.getState().gameName;
    if (!gameName || !offersCentreAccounts(platform)) return;
    const request = ++this.sequence;
    this.requests.set(platform, request);
    this.store.setState((s) => ({
      byPlatform: {
        ...s.byPlatform,
        [platform]: { status: 'loading', accounts: s.byPlatform[platform]?.accounts ?? [] },
      },
    }));
    const groupId = this.deps.getStationGroupId?.() ?? null;
    try {
      const accounts = await this.deps.api.call(clientGameAccounts, {
        query: { platform, gameName, ...(groupId ? { stationGroupId: groupId } : {}) },
      });
      if (this.requests.get(platform) !== request) return;
      this.setPlatform(platform, { status: 'loaded', accounts: sortAccounts(accounts) });
    } catch (error) {
      if (this.requests.get(platform) !== request) return;
      this.log.warn(`[games] accounts for ${platformName(platform)} failed: ${describeError(error)}`);
      this.setPlatform(platform, { status: 'error', accounts: [] });
    }
  }

  /** gameAccountStatusChanged: reload that platform if the modal shows it. */
  platformChanged(platform: number): void {
    if (this.store.getState().byPlatform[platform]) void this.load(platform);
  }

  /** Use: assign to the current session, then launch with it. */
  async use(entry: GameEntry, account: GameAccount): Promise<void> {
    const { launchLock } = this.deps;
    if (launchLock.locked || this.store.getState().usingId) return;
    const sessionId = this.deps.getSessionId();
    if (!sessionId) return;
    const latest = this.store.getState().byPlatform[account.platform]?.accounts ?? [];
    const refusal = refusalOfUse(account, latest, sessionId);
    if (refusal) {
      this.store.setState({ message: { key: refusal } });
      return;
    }
    this.store.setState({ usingId: account.id, message: null });
    launchLock.lock();
    try {
      // Held from an earlier launch: its sign-in was given for that one; release it and assign it afresh.
      if (isOwn(account, sessionId)) await this.deps.api.call(releaseGameAccount, { params: { id: account.id } });
      // SPEC §7 shows no answer to the assign: the account when a server sends it, else the one listed.
      const answer = await this.deps.api.call(assignGameAccount, { params: { id: account.id, sessionId } });
      const assigned = 'accountDisplayName' in answer ? (answer as GameAccount) : account;
      this.deps.onAccountLaunch?.(entry.Json_ID);
      const password = assigned.password ?? account.password;
      launchLock.send(entry, {
        id: account.id,
        ...(password ? { username: assigned.username || account.username, password } : {}),
      });
    } catch (error) {
      this.log.warn(`[games] assigning ${account.accountDisplayName} failed: ${describeError(error)}`);
      launchLock.unlock();
      this.store.setState({ message: { key: assignFailure(error) } });
    } finally {
      this.store.setState({ usingId: null });
      void this.load(account.platform);
    }
  }

  private setPlatform(platform: number, value: { status: 'loaded' | 'error'; accounts: GameAccount[] }): void {
    this.store.setState((s) => ({ byPlatform: { ...s.byPlatform, [platform]: value } }));
  }
}
