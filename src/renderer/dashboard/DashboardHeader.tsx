/** SPEC §2 header: welcome name (guests without guest_), level badge, remaining or elapsed time, the notification bell. */
import { useTranslation } from 'react-i18next';
import type { StoredSession } from '../../shared/entities.js';
import { greetingName } from '../../shared/format.js';
import { useAccountStore } from '../account/accountStore.js';
import { NotificationBell } from '../notifications/NotificationBell.js';
import { SessionClock } from './SessionClock.js';

export function DashboardHeader({ session }: { session: StoredSession }) {
  const { t } = useTranslation();
  const level = useAccountStore((s) => s.level);
  return (
    <div className="dashboard-header">
      <div className="dashboard-header__welcome">
        <h1 className="dashboard-header__title" data-testid="welcome">
          {t('dashboard.welcome', { name: greetingName(session.username) ?? t('dashboard.guestName') })}
        </h1>
        <div className="dashboard-header__badges">
          {level !== null && (
            <span className="badge badge--level" data-testid="level-badge">
              {t('dashboard.level', { level })}
            </span>
          )}
          {/* 0: no server payload named the number (SPEC §3 does not promise it in the station details). */}
          {session.stationNumber > 0 && <span className="badge">{t('station.number', { number: session.stationNumber })}</span>}
        </div>
      </div>
      <div className="dashboard-header__actions">
        <SessionClock startTime={session.startTime} />
        <NotificationBell />
      </div>
    </div>
  );
}
