/**
 * SPEC §7 GET /games/station/{stationId}: the library for this station. Only
 * games are kept (launchers and applications belong to the side bar), sorted
 * by platform order then name (§9).
 */
import { stationGames } from '../../shared/api/routes.js';
import { compareGames, isApplication } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';
import { describeError } from '../api/apiError.js';
import type { ApiClient } from '../api/httpClient.js';
import { useGamesStore, type GamesStore } from './gamesStore.js';

export interface GamesServiceDeps {
  api: Pick<ApiClient, 'call'>;
  getStationId: () => string | null;
  store?: GamesStore;
  log?: Pick<Console, 'warn'>;
}

/** The entries the library grid shows, in display order. */
export function libraryGames(entries: readonly GameEntry[]): GameEntry[] {
  return entries.filter((entry) => !isApplication(entry)).sort(compareGames);
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
      this.store.setState({ status: 'loaded', games: libraryGames(entries) });
    } catch (error) {
      this.log.warn(`[games] could not load the library: ${describeError(error)}`);
      this.store.setState({ status: 'error' });
    }
  }

  clear(): void {
    this.store.setState({ status: 'idle', games: [] });
  }
}
