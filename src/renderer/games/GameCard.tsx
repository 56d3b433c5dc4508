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
  playing,
  onOpen,
}: {
  item: LibraryGame;
  thumbnailUrl: string | null;
  images: ImageCache;
  playing: boolean;
  onOpen: (item: LibraryGame) => void;
}) {
  const { t } = useTranslation();
  const { game, platforms } = item;
  const categories = categoryLabels(game.Categories, 2);
  return (
    <article className="game-card" data-testid="game-card" data-json-id={game.Json_ID}>
      <div className="game-card__art">
        <GameArt cache={images} url={thumbnailUrl} name={game.Name} />
        <PlatformBadges platforms={platforms} />
        {playing && <span className="game-card__playing">{t('games.playing')}</span>}
      </div>
      <div className="game-card__body">
        <h3 className="game-card__name" title={game.Name}>
          {game.Name}
        </h3>
        <span className="game-card__categories">{categories.map((c) => translate(t, c)).join(' · ')}</span>
        <button type="button" className="button button--primary game-card__play" onClick={() => onOpen(item)}>
          {t('games.playNow')}
        </button>
      </div>
    </article>
  );
});
