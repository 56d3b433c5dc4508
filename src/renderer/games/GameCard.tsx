/** One game in the library: thumbnail, name, the platforms it is on. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformName, type Platform } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';
import { categoryMessage } from '../../shared/i18n/en.js';

export function GameCard({
  game,
  platforms,
  thumbnailUrl,
}: {
  game: GameEntry;
  platforms: readonly Platform[];
  thumbnailUrl: string | null;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const firstCategory = game.Categories[0];
  const category = firstCategory === undefined ? null : categoryMessage(firstCategory);
  return (
    <article className="game-card" data-testid="game-card" data-json-id={game.Json_ID}>
      <div className="game-card__art">
        {thumbnailUrl && !failed ? (
          <img
            className="game-card__image"
            src={thumbnailUrl}
            alt=""
            loading="lazy"
            draggable={false}
            onError={() => setFailed(true)}
          />
        ) : (
          <span className="game-card__initial" aria-hidden="true">
            {game.Name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="game-card__platforms">
          {platforms.map((platform) => (
            <span key={platform} className="game-card__platform">
              {platformName(platform)}
            </span>
          ))}
        </span>
      </div>
      <div className="game-card__body">
        <h3 className="game-card__name" title={game.Name}>
          {game.Name}
        </h3>
        {category && <span className="game-card__category">{t(category.key, category.values ?? {})}</span>}
      </div>
    </article>
  );
}
