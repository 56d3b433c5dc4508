/**
 * A game's picture through the image cache (SPEC §9): the thumbnail once it
 * loaded, the default icon while it loads or after a failure, and the
 * 'Failed to load' badge after the third attempt (§8).
 */
import { useTranslation } from 'react-i18next';
import type { ImageCache } from './images/imageCache.js';
import { useCachedImage } from './images/useCachedImage.js';

export function GameArt({ cache, url, name }: { cache: ImageCache; url: string | null; name: string }) {
  const { t } = useTranslation();
  const state = useCachedImage(cache, url);
  const loaded = url !== null && state?.status === 'loaded';
  return (
    <>
      {loaded ? (
        <img className="game-art__image" src={url} alt="" draggable={false} />
      ) : (
        <span className="game-art__icon" aria-hidden="true" data-testid="game-default-icon">
          <svg viewBox="0 0 24 24" width="40" height="40" fill="currentColor">
            <path d="M7 6h10a5 5 0 0 1 4.9 6l-.9 4.3A2.5 2.5 0 0 1 16.7 18l-2.2-2h-5l-2.2 2a2.5 2.5 0 0 1-4.3-1.7L2.1 12A5 5 0 0 1 7 6Zm1 3v2H6v2h2v2h2v-2h2v-2h-2V9H8Zm8 0a1.25 1.25 0 1 0 0 2.5A1.25 1.25 0 0 0 16 9Zm-2 3a1.25 1.25 0 1 0 0 2.5A1.25 1.25 0 0 0 14 12Z" />
          </svg>
          <span className="game-art__initial">{name.slice(0, 1).toUpperCase()}</span>
        </span>
      )}
      {state?.status === 'failed' && (
        <span className="game-art__failed" role="status">
          {t('error.image')}
        </span>
      )}
    </>
  );
}
