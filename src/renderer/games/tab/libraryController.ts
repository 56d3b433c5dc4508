/**
 * The games tab's search, filters and game modal (SPEC §2): what the toolbar,
 * the cards and the modal change in the games store. Loaded with the tab.
 */
import { gamesWithAccounts } from '../../../shared/api/games.js';
import { isPlatform, type Platform } from '../../../shared/catalog/platforms.js';
import { describeError } from '../../core/api/apiError.js';
import type { ApiClient } from '../../core/api/httpClient.js';
import type { GamesService } from '../gamesService.js';
import { INITIAL_GAMES_STATE, type GamesStore } from '../gamesStore.js';
import { entryFor, type LibraryGame } from '../library/library.js';

export class LibraryController {
  constructor(
    private readonly store: GamesStore,
    private readonly games: Pick<GamesService, 'launch' | 'openSettings'>,
    private readonly api?: Pick<ApiClient, 'call'>,
    private readonly log: Pick<Console, 'warn'> = console,
  ) {}

  /** GET /game-accounts/games-with-accounts, busy ones too (the modal says they are busy), for 'Center Accounts Only'. */
  async loadAccountGames(): Promise<void> {
    if (!this.api) return;
    try {
      const list = await this.api.call(gamesWithAccounts, { query: { includeInUse: 'true' } });
      this.store.setState({ accountGames: list });
    } catch (error) {
      this.log.warn(`[games] could not load the games with centre accounts: ${describeError(error)}`);
    }
  }

  setQuery(query: string): void {
    this.store.setState((s) => ({ filter: { ...s.filter, query } }));
  }

  setPlatform(platform: Platform | null): void {
    this.store.setState((s) => ({ filter: { ...s.filter, platform } }));
  }

  setAccountsOnly(accountsOnly: boolean): void {
    this.store.setState((s) => ({ filter: { ...s.filter, accountsOnly } }));
  }

  /** 'Clear search'. */
  clearSearch(): void {
    this.setQuery('');
  }

  /** 'Show all games': every filter off. */
  showAll(): void {
    this.store.setState({ filter: INITIAL_GAMES_STATE.filter });
  }

  /** 'Play Now' opens the game modal, on the given platform's tab (default: the card's first). */
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
    if (modal) this.games.launch(entryFor(modal.game, modal.platform));
  }

  /** The game's own settings on this PC (GameSpecificSettings). */
  openSettings(): void {
    const modal = this.store.getState().modal;
    if (modal) this.games.openSettings(entryFor(modal.game, modal.platform));
  }
}
