/** The dashboard's game library as a grid of cards. */
import { useTranslation } from 'react-i18next';
import { GameCard } from './GameCard.js';
import { useGamesStore } from './gamesStore.js';
import { useGames } from './index.js';
import './games.css';

export function GameGrid() {
  const { t } = useTranslation();
  const library = useGames();
  const status = useGamesStore((s) => s.status);
  const games = useGamesStore((s) => s.games);
  const failure = useGamesStore((s) => s.failure);

  return (
    <section className="game-library" aria-labelledby="game-library-title">
      <header className="game-library__header">
        <h2 className="game-library__title" id="game-library-title">
          {t('topbar.games')}
        </h2>
        {games.length > 0 && <span className="game-library__count">{games.length}</span>}
      </header>
      {status === 'loading' && (
        <div className="game-library__state" role="status">
          <div className="spinner" aria-hidden="true" />
          {t('games.loading')}
        </div>
      )}
      {status === 'error' && games.length === 0 && (
        <p className="game-library__state game-library__state--error" role="alert">
          {t(failure === 'connection' ? 'error.games.connection' : 'error.games.load')}
        </p>
      )}
      {status === 'loaded' && games.length === 0 && <p className="game-library__state">{t('games.empty')}</p>}
      {games.length > 0 && (
        <div className="game-grid" data-testid="game-grid">
          {games.map(({ game, platforms }) => (
            <GameCard
              key={game.Json_ID}
              game={game}
              platforms={platforms}
              thumbnailUrl={library.thumbnailUrl(game)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
