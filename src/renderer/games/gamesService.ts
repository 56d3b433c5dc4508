/**
 * SPEC §7 GET /games/station/{stationId}: the library for this station. Only
 * games are kept (launchers and applications belong to the side bar), one
 * card per game — entries sharing an App_ID are one game on several
 * platforms (§2) — sorted by platform order then name (§9).
 */
import { stationGames } from '../../shared/api/games.js';
import { compareGames, isApplication, platformRank, type Platform } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';
import { describeError, toApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { ShellBridge } from '../core/bridge/shellBridge.js';
import { INITIAL_GAMES_STATE, useGamesStore, type GamesFailure, type GamesState, type GamesStore } from './gamesStore.js';

/** SPEC §8: no answer at all (network, timeout) is a connection error; anything else failed to load. */
export function gamesFailure(error: unknown): GamesFailure {
  const kind = toApiError(error).kind;
  return kind === 'network' || kind === 'timeout' ? 'connection' : 'load';
}

export interface GamesServiceDeps {
  api: Pick<ApiClient, 'call' | 'resolveUrl'>;
  getStationId: () => string | null;
  /** The shell, for Launch (minimal until the launcher of issue 11 lands). */
  bridge?: Pick<ShellBridge, 'send'>;
  store?: GamesStore;
  log?: Pick<Console, 'warn'>;
}

/** One card of the library: a game and every platform it is on. */
export interface LibraryGame {
  /** The entry shown (its best-ranked platform's). */
  game: GameEntry;
  /** Every entry of the game, one per platform, in platform order. */
  entries: GameEntry[];
  platforms: Platform[];
}

/** The cards the library grid shows, in display order. */
export function libraryGames(entries: readonly GameEntry[]): LibraryGame[] {
  const groups = new Map<string, GameEntry[]>();
  for (const entry of entries) {
    if (isApplication(entry)) continue;
    const key = entry.App_ID ? `app:${entry.App_ID}` : `json:${entry.Json_ID}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()]
    .map((group) => {
      const sorted = [...group].sort((a, b) => platformRank(a.Platform) - platformRank(b.Platform));
      const game = sorted[0] as GameEntry;
      return { game, entries: sorted, platforms: sorted.map((e) => e.Platform as Platform) };
    })
    .sort((a, b) => compareGames(a.game, b.game));
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

export class GamesService {
  private readonly store: GamesStore;
  private readonly log: Pick<Console, 'warn'>;

  constructor(private readonly deps: GamesServiceDeps) {
    this.store = deps.store ?? useGamesStore;
    this.log = deps.log ?? console;
  }

  async load(): Promise<void> {
    const stationId = this.deps.getStationId();
    if (!stationId) return;
    this.store.setState((s) => ({ status: s.games.length > 0 ? 'loaded' : 'loading' }));
    try {
      const entries = await this.deps.api.call(stationGames, { params: { stationId } });
      this.store.setState({ status: 'loaded', games: libraryGames(entries), entries, failure: null });
    } catch (error) {
      this.log.warn(`[games] could not load the library: ${describeError(error)}`);
      this.store.setState({ status: 'error', failure: gamesFailure(error) });
    }
  }

  /** Start an entry on this PC (the shell's Launch). */
  launch(entry: GameEntry): void {
    this.deps.bridge?.send({ command: 'Launch', Json_ID: entry.Json_ID });
  }

  /** The card's picture, resolved against the cafe server. */
  thumbnailUrl(game: GameEntry): string | null {
    return game.Thumbnail ? this.deps.api.resolveUrl(game.Thumbnail) : null;
  }

  /**
   * SPEC §4 Logout closes the games the session launched. The station does
   * not launch games yet, so there is nothing tracked to close: the
   * launcher's tracked games (Launch → AppLaunched, closed with UserLogout)
   * plug in here when game launching lands.
   */
  closeTrackedGames(): void {
    // Nothing is tracked until games can be launched from the station.
  }

  clear(): void {
    this.store.setState({ ...INITIAL_GAMES_STATE });
  }
}
