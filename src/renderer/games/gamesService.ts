/**
 * SPEC §2 games tab, §4 games and launch, §7 games calls: the station's
 * library (GET /games/station/{stationId}) for a signed-in user, the games
 * with centre accounts, the search and filters, the game modal, launching
 * (the launch lock), and the realtime reloads. Play tracking, centre accounts
 * and the image cache are services of their own that this one wires.
 */
import { gamesWithAccounts, stationGames } from '../../shared/api/games.js';
import { isPlatform, type Platform } from '../../shared/catalog/platforms.js';
import type { GameAccount, GameEntry, StoredSession } from '../../shared/entities.js';
import { describeError, toApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { AccountsService } from './accounts/accountsService.js';
import { INITIAL_GAMES_STATE, useGamesStore, type GamesFailure, type GamesState, type GamesStore } from './gamesStore.js';
import type { ImageCache } from './images/imageCache.js';
import type { LaunchLock } from './launch/launchLock.js';
import {
  accountGames,
  entryFor,
  launcherEntries,
  libraryGames,
  NO_ACCOUNT_GAMES,
  NO_FILTER,
  type LibraryGame,
} from './library/library.js';
import type { PlayTracker, TrackingContext } from './tracking/playTracker.js';

export { libraryGames, type LibraryGame };

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
  tracker?: PlayTracker;
  accounts?: AccountsService;
  images?: ImageCache;
  log?: Pick<Console, 'warn'>;
}

export class GamesService {
  readonly store: GamesStore;
  private readonly log: Pick<Console, 'warn'>;
  private loadSequence = 0;

  constructor(private readonly deps: GamesServiceDeps) {
    this.store = deps.store ?? useGamesStore;
    this.log = deps.log ?? console;
  }

  get images(): ImageCache | undefined {
    return this.deps.images;
  }

  get accounts(): AccountsService | undefined {
    return this.deps.accounts;
  }

  private signedIn(): boolean {
    return this.deps.getSession ? this.deps.getSession() !== null : true;
  }

  /** The library and the games with centre accounts. */
  async load(): Promise<void> {
    const stationId = this.deps.getStationId();
    if (!stationId || !this.signedIn()) return;
    const request = ++this.loadSequence;
    this.store.setState((s) => ({ status: s.games.length > 0 || s.entries.length > 0 ? 'loaded' : 'loading' }));
    void this.loadAccountGames();
    try {
      const entries = await this.deps.api.call(stationGames, { params: { stationId } });
      if (request !== this.loadSequence || !this.signedIn()) return;
      this.store.setState({
        status: 'loaded',
        entries,
        games: libraryGames(entries),
        launchers: launcherEntries(entries),
        failure: null,
      });
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
      if (this.signedIn()) this.store.setState({ withAccounts: accountGames(list) });
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
    this.store.setState({ filter: NO_FILTER });
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
    this.deps.accounts?.open(game.game.Name, game.platforms);
  }

  selectPlatform(platform: Platform): void {
    this.store.setState((s) => (s.modal ? { modal: { ...s.modal, platform } } : {}));
  }

  closeGame(): void {
    this.store.setState({ modal: null });
    this.deps.accounts?.close();
  }

  /** 'Play' in the modal: the entry of the selected platform tab. */
  playSelected(): void {
    const modal = this.store.getState().modal;
    if (modal) this.launch(entryFor(modal.game, modal.platform));
  }

  /** 'Use' on a centre account of the selected platform. */
  useAccount(account: GameAccount): void {
    const modal = this.store.getState().modal;
    if (!modal || !this.deps.accounts) return;
    void this.deps.accounts.use(entryFor(modal.game, account.platform), account);
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
    this.deps.accounts?.close();
    this.store.setState({ ...INITIAL_GAMES_STATE, withAccounts: NO_ACCOUNT_GAMES });
  }
}
