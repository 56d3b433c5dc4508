/**
 * SPEC §2 games tab: the launcher row on top, the filter chips, search and
 * 'Center Accounts Only', the virtualised library grid (one card per game),
 * the empty state, and the game modal.
 */
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGamesStore } from './gamesStore.js';
import { LauncherRow } from './library/LauncherRow.js';
import { accountGames, filterLibrary, isFiltered, launcherEntries, libraryGames, platformChips } from './library/library.js';
import { LibraryToolbar } from './library/LibraryToolbar.js';
import { VirtualGameGrid } from './library/VirtualGameGrid.js';
import { useGamesTab } from './tab/gamesTab.js';
import { GameModal } from './modal/GameModal.js';
import './games.css';

export function GameGrid() {
  const { t } = useTranslation();
  const { library: games } = useGamesTab();
  const status = useGamesStore((s) => s.status);
  const entries = useGamesStore((s) => s.entries);
  const failure = useGamesStore((s) => s.failure);
  const filter = useGamesStore((s) => s.filter);
  const accountList = useGamesStore((s) => s.accountGames);
  // Grouped and sorted once per load; only the filter runs per keystroke.
  const library = useMemo(() => libraryGames(entries), [entries]);
  const launchers = useMemo(() => launcherEntries(entries), [entries]);
  const withAccounts = useMemo(() => accountGames(accountList ?? [], accountList !== null), [accountList]);
  // Which games have centre accounts: with every library (re)load, while the tab shows.
  useEffect(() => {
    if (entries.length > 0) void games.loadAccountGames();
  }, [games, entries]);
  const chips = useMemo(() => platformChips(library), [library]);
  // Issue 27: a keystroke's frame draws the search box at once; the grid follows in an
  // interruptible render (React yields to the next keystroke), so typing makes no long task.
  const gridFilter = useDeferredValue(filter);
  const shown = useMemo(() => filterLibrary(library, gridFilter, withAccounts), [library, gridFilter, withAccounts]);

  return (
    <section className="game-library" aria-labelledby="game-library-title">
      <LauncherRow launchers={launchers} />
      <header className="game-library__header">
        <h2 className="game-library__title" id="game-library-title">
          {t('topbar.games')}
        </h2>
        {library.length > 0 && (
          <span className="game-library__count" data-testid="game-count">
            {shown.length}
          </span>
        )}
      </header>
      {library.length > 0 && <LibraryToolbar chips={chips} />}
      {status === 'loading' && (
        <div className="game-library__state" role="status">
          <div className="spinner" aria-hidden="true" />
          {t('games.loading')}
        </div>
      )}
      {status === 'error' && library.length === 0 && (
        <p className="game-library__state game-library__state--error" role="alert">
          {t(failure === 'connection' ? 'error.games.connection' : 'error.games.load')}
        </p>
      )}
      {status === 'loaded' && shown.length === 0 && (
        <div className="game-library__empty" data-testid="games-empty">
          <p className="game-library__state">{t('games.empty')}</p>
          {isFiltered(filter) &&
            (filter.query.trim() ? (
              <button type="button" className="button button--ghost" onClick={() => games.clearSearch()}>
                {t('games.clearSearch')}
              </button>
            ) : (
              <button type="button" className="button button--ghost" onClick={() => games.showAll()}>
                {t('games.showAll')}
              </button>
            ))}
        </div>
      )}
      {shown.length > 0 && <VirtualGameGrid games={shown} />}
      <GameModal />
    </section>
  );
}
