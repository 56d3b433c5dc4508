/** SPEC §2: platform chips (All + the platforms present; only with more than one), search, 'Center Accounts Only'. */
import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../shared/catalog/platforms.js';
import { chipLabel } from '../platformLabel.js';
import { useGamesStore } from '../gamesStore.js';
import { useGamesTab } from '../tab/gamesTab.js';

export function LibraryToolbar({ chips }: { chips: readonly Platform[] }) {
  const { t } = useTranslation();
  const { library: games } = useGamesTab();
  const filter = useGamesStore((s) => s.filter);
  return (
    <div className="library-toolbar">
      {chips.length > 1 && (
        <div className="library-chips" role="group">
          <button
            type="button"
            className="library-chip"
            aria-pressed={filter.platform === null}
            onClick={() => games.setPlatform(null)}
          >
            {t('games.all')}
          </button>
          {chips.map((platform) => (
            <button
              key={platform}
              type="button"
              className="library-chip"
              aria-pressed={filter.platform === platform}
              onClick={() => games.setPlatform(platform)}
            >
              {chipLabel(t, platform)}
            </button>
          ))}
        </div>
      )}
      <div className="library-toolbar__row">
        <input
          className="library-search"
          type="search"
          value={filter.query}
          placeholder={t('games.search')}
          aria-label={t('games.search')}
          onChange={(event) => games.setQuery(event.target.value)}
        />
        <label className="library-toggle">
          <input
            type="checkbox"
            checked={filter.accountsOnly}
            onChange={(event) => games.setAccountsOnly(event.target.checked)}
          />
          <span>{t('games.centerAccountsOnly')}</span>
        </label>
      </div>
    </div>
  );
}
