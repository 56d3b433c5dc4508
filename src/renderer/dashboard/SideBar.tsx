/**
 * SPEC §2 side bar: the station's applications in their groups (each
 * launchable), Mouse (settings, test) and Sound (master volume 0–100,
 * sound settings, mixer), and the R6 Siege server picker.
 */
import { AppWindow, Globe, Headphones, MessagesSquare, Mouse, MousePointerClick, Server, SlidersHorizontal, Volume2, VolumeX, Wrench } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { VOLUME_MAX, VOLUME_MIN } from '../../shared/constants.js';
import type { MessageKey } from '../../shared/i18n/en.js';
import { useGamesStore } from '../games/gamesStore.js';
import { groupApplications, type ApplicationGroup } from './applications.js';
import { useFrameStore } from './frameStore.js';
import { useDashboard } from './index.js';

const GROUPS: Record<ApplicationGroup, { key: MessageKey; Icon: typeof Globe }> = {
  browsers: { key: 'sidebar.group.browsers', Icon: Globe },
  peripherals: { key: 'sidebar.group.peripherals', Icon: Headphones },
  communication: { key: 'sidebar.group.communication', Icon: MessagesSquare },
  software: { key: 'sidebar.group.software', Icon: Wrench },
  other: { key: 'sidebar.group.other', Icon: AppWindow },
};

export function SideBar() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const navigate = useNavigate();
  const entries = useGamesStore((s) => s.entries);
  const volume = useFrameStore((s) => s.volume);
  const sections = useMemo(() => groupApplications(entries), [entries]);

  return (
    <aside className="sidebar" aria-label={t('sidebar.label')} data-testid="sidebar">
      {sections.map(({ group, entries: apps }) => {
        const { key, Icon } = GROUPS[group];
        return (
          <section key={group} className="sidebar__section" aria-labelledby={`apps-${group}`}>
            <h2 className="sidebar__heading" id={`apps-${group}`}>
              <Icon size={16} aria-hidden="true" />
              {t(key)}
            </h2>
            <ul className="sidebar__apps">
              {apps.map((app) => (
                <li key={app.Json_ID}>
                  <button type="button" className="sidebar__app" onClick={() => dashboard.launch(app)} title={app.Name}>
                    {app.Name}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      <section className="sidebar__section" aria-labelledby="sidebar-mouse">
        <h2 className="sidebar__heading" id="sidebar-mouse">
          <Mouse size={16} aria-hidden="true" />
          {t('sidebar.mouse')}
        </h2>
        <div className="sidebar__buttons">
          <button type="button" className="sidebar__action" onClick={() => dashboard.sound.openMouseSettings()}>
            <SlidersHorizontal size={16} aria-hidden="true" />
            {t('sidebar.mouseSettings')}
          </button>
          <button type="button" className="sidebar__action" onClick={() => void navigate('/mouse-test')} data-testid="mouse-test-link">
            <MousePointerClick size={16} aria-hidden="true" />
            {t('sidebar.mouseTest')}
          </button>
        </div>
      </section>

      <section className="sidebar__section" aria-labelledby="sidebar-sound">
        <h2 className="sidebar__heading" id="sidebar-sound">
          <Volume2 size={16} aria-hidden="true" />
          {t('sidebar.sound')}
        </h2>
        <label className="volume">
          <span className="visually-hidden">{t('sidebar.volume')}</span>
          {volume === 0 ? <VolumeX size={18} aria-hidden="true" /> : <Volume2 size={18} aria-hidden="true" />}
          <input
            type="range"
            min={VOLUME_MIN}
            max={VOLUME_MAX}
            step={1}
            value={volume}
            onChange={(event) => dashboard.sound.setVolume(Number(event.target.value))}
            data-testid="volume-slider"
          />
          <output className="volume__value" dir="ltr" data-testid="volume-value">
            {volume}
          </output>
        </label>
        <div className="sidebar__buttons">
          <button type="button" className="sidebar__action" onClick={() => dashboard.sound.openSoundSettings()}>
            <SlidersHorizontal size={16} aria-hidden="true" />
            {t('sidebar.soundSettings')}
          </button>
          <button type="button" className="sidebar__action" onClick={() => dashboard.sound.openMixer()}>
            <Volume2 size={16} aria-hidden="true" />
            {t('sidebar.mixer')}
          </button>
        </div>
      </section>

      <section className="sidebar__section">
        <button type="button" className="sidebar__action" onClick={() => dashboard.openR6Picker()} data-testid="r6-picker-button">
          <Server size={16} aria-hidden="true" />
          {t('sidebar.r6')}
        </button>
      </section>
    </aside>
  );
}
