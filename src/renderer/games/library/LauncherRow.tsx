/** SPEC §2: the row of platform launcher icons (plat- entries); a click launches the launcher. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameEntry } from '../../../shared/entities.js';
import { useGamesStore } from '../gamesStore.js';
import { useGames } from '../index.js';
import { PlatformIcon } from '../PlatformIcon.js';

export const LauncherRow = memo(function LauncherRow({ launchers }: { launchers: readonly GameEntry[] }) {
  const { t } = useTranslation();
  const games = useGames();
  const launching = useGamesStore((s) => s.launching);
  if (launchers.length === 0) return null;
  return (
    <nav className="launcher-row" aria-label={t('games.launchers')}>
      {launchers.map((entry) => (
        <button
          key={entry.Json_ID}
          type="button"
          className="launcher"
          disabled={launching}
          title={entry.Name}
          data-json-id={entry.Json_ID}
          onClick={() => games.launch(entry)}
        >
          {/* The platform's icon, not the thumbnail scaled into a 32 px circle (its text would be unreadable). */}
          <span className="launcher__art">
            <PlatformIcon platform={entry.Platform} size={18} />
          </span>
          <span className="launcher__name">{launching ? t('games.launching') : entry.Name}</span>
        </button>
      ))}
    </nav>
  );
});
