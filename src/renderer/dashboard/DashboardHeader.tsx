/** SPEC §2 header: welcome name, level badge, remaining or elapsed time, logout. */
import { useTranslation } from 'react-i18next';
import type { StoredSession } from '../../shared/entities.js';
import { welcomeName } from '../../shared/format.js';
import { BrandTitle } from '../ui/BrandTitle.js';
import { useAccountStore } from '../account/accountStore.js';
import { useDashboard } from './index.js';
import { SessionClock } from './SessionClock.js';

export function DashboardHeader({ session }: { session: StoredSession }) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const level = useAccountStore((s) => s.level);
  return (
    <header className="dashboard-header">
      <div className="dashboard-header__identity">
        <BrandTitle as="span" className="dashboard-header__brand" />
        <div className="dashboard-header__welcome">
          <h1 className="dashboard-header__title" data-testid="welcome">
            {t('dashboard.welcome', { name: welcomeName(session.username) })}
          </h1>
          <div className="dashboard-header__badges">
            {level !== null && (
              <span className="badge badge--level" data-testid="level-badge">
                {t('dashboard.level', { level })}
              </span>
            )}
            <span className="badge">{t('station.number', { number: session.stationNumber })}</span>
          </div>
        </div>
      </div>
      <div className="dashboard-header__actions">
        <SessionClock startTime={session.startTime} />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dashboard.logout()}
          data-testid="logout-button"
        >
          {t('topbar.logout')}
        </button>
      </div>
    </header>
  );
}
