/**
 * SPEC §2 games tab, §4 games and launch, §7 games calls: the station's
 * library (GET /games/station/{stationId}) for a signed-in user, launching
 * (the launch lock), and the session's end (play tracking closes, accounts
 * are released). What only the tab needs — search, filters, the game modal,
 * centre accounts, the image cache — is in games/tab/, loaded with the
 * dashboard; play tracking loads with the first session.
 */
import type { SpawnpointBridge } from '../../shared/bridge/protocol.js';
import type { GameEntry, StoredSession } from '../../shared/entities.js';
import { describeError, toApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import { Emitter } from '../core/events.js';
import type { Timers } from '../core/time/timers.js';
import { INITIAL_GAMES_STATE, useGamesStore, type GamesFailure, type GamesState, type GamesStore } from './gamesStore.js';
import type { LaunchLock } from './launch/launchLock.js';
import type { PlayTracker, TrackingContext } from './tracking/playTracker.js';

/**
 * What the games tab's own services (centre accounts, the image cache:
 * games/tab/, loaded with the dashboard, not before the first screen) are
 * built from.
 */
export interface GamesTabDeps {
  api: Pick<ApiClient, 'call' | 'resolveUrl'>;
  timers: Timers;
  launchLock: Pick<LaunchLock, 'lock' | 'unlock' | 'locked' | 'send'>;
  /** Told which games start with a centre account (released at session end). */
  onAccountLaunch: (jsonId: string) => void;
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

/** Two answers of the library with the same entries in the same order. */
function sameEntries(a: readonly GameEntry[], b: readonly GameEntry[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

/** The games routes load with the first library load, not before the first screen. */
const gamesApi = () => import('../../shared/api/games.js');

export interface GamesServiceDeps {
  api: Pick<ApiClient, 'call' | 'resolveUrl'>;
  getStationId: () => string | null;
  /** The current session; lists load only for a signed-in user (§4). Default: always signed in. */
  getSession?: () => StoredSession | null;
  store?: GamesStore;
  launchLock?: Pick<LaunchLock, 'launch'>;
  /** The shell, for a game's own settings (GameSpecificSettings). */
  bridge?: Pick<SpawnpointBridge, 'send'>;
  tracker?: Pick<PlayTracker, 'endSession'>;
  /** For the tab's own services (games/tab/). */
  tab?: GamesTabDeps;
  /** Fetch the code the first session needs besides the library's routes (play tracking), without running it. */
  prefetch?: () => Promise<unknown>;
  log?: Pick<Console, 'warn'>;
}

export class GamesService {
  readonly store: GamesStore;
  private readonly log: Pick<Console, 'warn'>;
  private loadSequence = 0;
  /** This station's library as last answered; never shown outside a session (the tab empties with it, §4). */
  private warm: { stationId: string; entries: GameEntry[] } | null = null;
  /** What the tab's services are built from (undefined in tests that build the service alone). */
  readonly tabDeps: GamesTabDeps | undefined;
  /**
   * accountStatus: gameAccountStatusChanged for a platform (the tab's account
   * lists listen); stop: the feature stops (the tab's image-cache sweep ends).
   */
  readonly events = new Emitter<{ accountStatus: number; stop: null }>();

  constructor(private readonly deps: GamesServiceDeps) {
    this.store = deps.store ?? useGamesStore;
    this.log = deps.log ?? console;
    this.tabDeps = deps.tab;
  }

  private signedIn(): boolean {
    return this.deps.getSession ? this.deps.getSession() !== null : true;
  }

  /**
   * GET /games/station/{stationId}: the library, for a signed-in user. A session that opens
   * on an empty tab shows this station's library as last answered at once (issue 27: no
   * spinner, no network and no parse of the whole list between an unlock and the games),
   * and the answer replaces it when it differs.
   */
  async load(): Promise<void> {
    const stationId = this.deps.getStationId();
    if (!stationId || !this.signedIn()) return;
    const request = ++this.loadSequence;
    const warm = this.warm?.stationId === stationId && this.store.getState().entries.length === 0 ? this.warm.entries : null;
    if (warm) this.store.setState({ status: 'loaded', entries: warm, failure: null });
    else this.store.setState((s) => ({ status: s.entries.length > 0 ? 'loaded' : 'loading' }));
    try {
      const { stationGames } = await gamesApi();
      const entries = await this.deps.api.call(stationGames, { params: { stationId } });
      if (request !== this.loadSequence || !this.signedIn()) return;
      this.warm = { stationId, entries };
      // The same library as shown: nothing to draw again.
      if (this.store.getState().entries === warm && warm && sameEntries(warm, entries)) {
        this.store.setState({ status: 'loaded', failure: null });
        return;
      }
      this.store.setState({ status: 'loaded', entries, failure: null });
    } catch (error) {
      if (request !== this.loadSequence) return;
      this.log.warn(`[games] could not load the library: ${describeError(error)}`);
      this.store.setState({ status: 'error', failure: gamesFailure(error) });
    }
  }

  /**
   * Issue 27: fetch the code a session's games need — the library's routes, play
   * tracking — while the lock screen idles, so the first session after a start
   * downloads nothing. Loads modules only: nothing runs, nothing is asked of the server.
   */
  async prefetch(): Promise<void> {
    const [, , library] = await Promise.all([gamesApi(), this.deps.prefetch?.(), import('./library/library.js')]);
    // The station's last library grouped into cards ahead (in memory only: nothing is drawn outside a session).
    if (this.warm) library.libraryGames(this.warm.entries);
  }

  /** Launch an entry (launcher row, side bar, Play): the launch lock applies. */
  launch(entry: GameEntry): void {
    this.deps.launchLock?.launch(entry);
  }

  /** Issue 24: the shell opens the game's own settings, as its catalog says (a CommandFailed when it has none). */
  openSettings(entry: GameEntry): void {
    this.deps.bridge?.send({ command: 'GameSpecificSettings', Json_ID: entry.Json_ID.slice(0, 128) });
  }

  /** SPEC §4 session end / logout: closes for the tracked games, then the accounts' release. */
  /** The session ends: closes and releases leave now; resolves once answered (null: nothing to send). */
  closeTrackedGames(context: TrackingContext | null = null): Promise<void> | null {
    return this.deps.tracker?.endSession(context) ?? null;
  }

  /** The user is gone: the lists empty (§4), the modal closes. */
  clear(): void {
    this.loadSequence += 1;
    this.store.setState({ ...INITIAL_GAMES_STATE });
  }
}
