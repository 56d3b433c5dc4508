/** SPEC §2: the row of platform launcher icons (plat- entries); a click launches the launcher. */
import { useTranslation } from 'react-i18next';
import type { GameEntry } from '../../../shared/entities.js';
import { GameArt } from '../GameArt.js';
import { useGamesStore } from '../gamesStore.js';
import { useGames } from '../index.js';
import { useGamesTab } from '../tab/gamesTab.js';

export function LauncherRow({ launchers }: { launchers: readonly GameEntry[] }) {
  const { t } = useTranslation();
  const games = useGames();
  const launching = useGamesStore((s) => s.launching);
  const { images, thumbnailUrl } = useGamesTab();
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
          <span className="launcher__art">
            <GameArt cache={images} url={thumbnailUrl(entry)} name={entry.Name} />
          </span>
          <span className="launcher__name">{launching ? t('games.launching') : entry.Name}</span>
        </button>
      ))}
    </nav>
  );
}
