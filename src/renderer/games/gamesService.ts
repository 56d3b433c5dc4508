/**
 * SPEC §2 games tab, §4 games and launch, §7 games calls: the station's
 * library (GET /games/station/{stationId}) for a signed-in user, the games
 * with centre accounts, the search and filters, the game modal, launching
 * (the launch lock), and the realtime reloads. Play tracking, centre accounts
 * and the image cache are services of their own that this one wires.
 */
import { gamesWithAccounts, stationGames } from '../../shared/api/games.js';
import { isPlatform, type Platform } from '../../shared/catalog/platforms.js';
import type { GameEntry, StoredSession } from '../../shared/entities.js';
import { describeError, toApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { Timers } from '../core/time/timers.js';
import { INITIAL_GAMES_STATE, useGamesStore, type GamesFailure, type GamesState, type GamesStore } from './gamesStore.js';
import type { LaunchLock } from './launch/launchLock.js';
import type { LibraryGame } from './library/library.js';
import type { PlayTracker, TrackingContext } from './tracking/playTracker.js';

/**
 * What the games tab's own services (centre accounts, the image cache:
 * games/tab/, loaded with the dashboard, not before the first screen) are
 * built from.
 */
export interface GamesTabDeps {
  api: Pick<ApiClient, 'call'>;
  timers: Timers;
  launchLock: Pick<LaunchLock, 'lock' | 'unlock' | 'locked' | 'send'>;
  /** Told which games start with a centre account (released at session end). */
  onAccountLaunch: (jsonId: string) => void;
  getSessionId: () => string | null;
  getStationGroupId: () => string | null;
}

/** SPEC §8: no answer at all (network, timeout) is a connection error; anything else failed to load. */
export function gamesFailure(error: unknown): GamesFailure {
  const kind = toApiError(error).kind;
  return kind === 'network' || kind === 'timeout' ? 'connection' : 'load';
}

/**
 * A library that failed to load while the server was away loads again when
 * the connection comes back — for a signed-in user only (§4).
 */
export function shouldReloadGames(change: {
  previous: string;
  current: string;
  signedIn: boolean;
  status: GamesState['status'];
}): boolean {
  return change.current === 'connected' && change.previous !== 'connected' && change.signedIn && change.status === 'error';
}

export interface GamesServiceDeps {
  api: Pick<ApiClient, 'call' | 'resolveUrl'>;
  getStationId: () => string | null;
  /** The current session; lists load only for a signed-in user (§4). Default: always signed in. */
  getSession?: () => StoredSession | null;
  store?: GamesStore;
  launchLock?: Pick<LaunchLock, 'launch'>;
  tracker?: Pick<PlayTracker, 'endSession'>;
  /** For the tab's own services (games/tab/). */
  tab?: GamesTabDeps;
  log?: Pick<Console, 'warn'>;
}

export class GamesService {
  readonly store: GamesStore;
  private readonly log: Pick<Console, 'warn'>;
  private loadSequence = 0;
  private readonly accountListeners = new Set<(platform: number) => void>();
  private readonly disposers: Array<() => void> = [];

  constructor(private readonly deps: GamesServiceDeps) {
    this.store = deps.store ?? useGamesStore;
    this.log = deps.log ?? console;
  }

  /** What the tab's services are built from (undefined in tests that build the service alone). */
  get tabDeps(): GamesTabDeps | undefined {
    return this.deps.tab;
  }

  /** gameAccountStatusChanged for a platform: the tab's account lists listen. */
  accountStatusChanged(platform: number): void {
    for (const listener of this.accountListeners) listener(platform);
  }

  onAccountStatusChanged(listener: (platform: number) => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  /** Something to undo when the feature stops (the tab's image-cache sweep). */
  onStop(dispose: () => void): void {
    this.disposers.push(dispose);
  }

  stop(): void {
    this.disposers.splice(0).forEach((dispose) => dispose());
  }

  private signedIn(): boolean {
    return this.deps.getSession ? this.deps.getSession() !== null : true;
  }

  /** The library and the games with centre accounts. */
  async load(): Promise<void> {
    const stationId = this.deps.getStationId();
    if (!stationId || !this.signedIn()) return;
    const request = ++this.loadSequence;
    this.store.setState((s) => ({ status: s.entries.length > 0 ? 'loaded' : 'loading' }));
    void this.loadAccountGames();
    try {
      const entries = await this.deps.api.call(stationGames, { params: { stationId } });
      if (request !== this.loadSequence || !this.signedIn()) return;
      this.store.setState({ status: 'loaded', entries, failure: null });
    } catch (error) {
      if (request !== this.loadSequence) return;
      this.log.warn(`[games] could not load the library: ${describeError(error)}`);
      this.store.setState({ status: 'error', failure: gamesFailure(error) });
    }
  }

  /** GET /game-accounts/games-with-accounts (busy ones too: the modal says they are busy). */
  async loadAccountGames(): Promise<void> {
    if (!this.signedIn()) return;
    try {
      const list = await this.deps.api.call(gamesWithAccounts, { query: { includeInUse: 'true' } });
      if (this.signedIn()) this.store.setState({ accountGames: list });
    } catch (error) {
      this.log.warn(`[games] could not load the games with centre accounts: ${describeError(error)}`);
    }
  }

  // ── Search and filters ────────────────────────────────────────────────────

  setQuery(query: string): void {
    this.store.setState((s) => ({ filter: { ...s.filter, query } }));
  }

  setPlatform(platform: Platform | null): void {
    this.store.setState((s) => ({ filter: { ...s.filter, platform } }));
  }

  setAccountsOnly(accountsOnly: boolean): void {
    this.store.setState((s) => ({ filter: { ...s.filter, accountsOnly } }));
  }

  clearSearch(): void {
    this.setQuery('');
  }

  showAll(): void {
    this.store.setState({ filter: INITIAL_GAMES_STATE.filter });
  }

  // ── Launch and the game modal ─────────────────────────────────────────────

  /** Launch an entry (launcher row, side bar, Play): the launch lock applies. */
  launch(entry: GameEntry): void {
    this.deps.launchLock?.launch(entry);
  }

  openGame(game: LibraryGame, platform?: number): void {
    const tab = platform !== undefined && isPlatform(platform) && game.platforms.includes(platform) ? platform : game.platforms[0];
    if (tab === undefined) return;
    this.store.setState({ modal: { game, platform: tab } });
  }

  selectPlatform(platform: Platform): void {
    this.store.setState((s) => (s.modal ? { modal: { ...s.modal, platform } } : {}));
  }

  closeGame(): void {
    this.store.setState({ modal: null });
  }

  /** 'Play' in the modal: the entry of the selected platform tab. */
  playSelected(): void {
    const modal = this.store.getState().modal;
    if (!modal) return;
    const { game, platform } = modal;
    this.launch(game.entries.find((e) => e.Platform === platform) ?? game.game);
  }

  /** The card's picture, resolved against the cafe server. */
  thumbnailUrl(game: GameEntry): string | null {
    return game.Thumbnail ? this.deps.api.resolveUrl(game.Thumbnail) : null;
  }

  /** The name of a Json_ID in the library (for the playing list). */
  nameOf(jsonId: string): string {
    return this.store.getState().entries.find((e) => e.Json_ID === jsonId)?.Name ?? jsonId;
  }

  /** SPEC §4 session end / logout: closes for the tracked games, then the accounts' release. */
  closeTrackedGames(context: TrackingContext | null = null): void {
    this.deps.tracker?.endSession(context);
  }

  /** The user is gone: the lists empty (§4), the modal closes. */
  clear(): void {
    this.loadSequence += 1;
    this.store.setState({ ...INITIAL_GAMES_STATE });
  }
}
