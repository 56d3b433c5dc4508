/** One card of the library (SPEC §2): thumbnail, name, categories, platform icons, 'Play Now'. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../core/i18n/uiMessage.js';
import { GameArt } from './GameArt.js';
import type { ImageCache } from './images/imageCache.js';
import { categoryLabels, type LibraryGame } from './library/library.js';
import { PlatformBadges } from './PlatformBadges.js';

export const GameCard = memo(function GameCard({
  item,
  thumbnailUrl,
  images,
  playingMinutes,
  onOpen,
}: {
  item: LibraryGame;
  thumbnailUrl: string | null;
  images: ImageCache;
  /** §9: minutes this session has played it, or null when it is not running. */
  playingMinutes: number | null;
  onOpen: (item: LibraryGame) => void;
}) {
  const { t } = useTranslation();
  const { game, platforms } = item;
  // SPEC §9: the first three categories.
  const categories = categoryLabels(game.Categories, 3);
  const open = () => onOpen(item);
  return (
    <article className="game-card" data-testid="game-card" data-json-id={game.Json_ID}>
      {/* The art and the title open the game too (a mouse target; 'Play Now' is the keyboard's). */}
      <button type="button" className="game-card__art" tabIndex={-1} aria-label={game.Name} onClick={open}>
        <GameArt cache={images} url={thumbnailUrl} name={game.Name} />
        <PlatformBadges platforms={platforms} />
        {playingMinutes !== null && (
          <span className="game-card__playing" data-testid="game-card-playing">
            {t('games.playingFor', { minutes: playingMinutes })}
          </span>
        )}
      </button>
      <div className="game-card__body">
        <h3 className="game-card__name" title={game.Name}>
          <button type="button" className="game-card__title" tabIndex={-1} onClick={open}>
            {game.Name}
          </button>
        </h3>
        <span className="game-card__categories">{categories.map((c) => translate(t, c)).join(' · ')}</span>
        <button type="button" className="button button--primary game-card__play" onClick={open}>
          {t('games.playNow')}
        </button>
      </div>
    </article>
  );
});
