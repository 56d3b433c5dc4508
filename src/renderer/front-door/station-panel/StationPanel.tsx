/**
 * SPEC §2 slide-out side panel: open on mouse or key activity, collapsed
 * after 15 s without any. Station name (or the product title), the group's
 * hourly rate as '{rate}IQD/hour' (the rate in force: a happy hour's, with
 * its end time, issue 26), and the group name.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hourlyRateValue } from '../../../shared/format.js';
import { useStationStore } from '../../station/stationStore.js';
import { IdleCollapse } from './idleCollapse.js';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

export function useActivityPanel(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const idle = new IdleCollapse(setOpen);
    const onActivity = () => idle.activity();
    idle.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      idle.dispose();
    };
  }, []);
  return open;
}

/** HH:MM on the station's clock (24 h), for a rate period's end. */
function clockTime(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

export function StationPanel() {
  const { t } = useTranslation();
  const open = useActivityPanel();
  const details = useStationStore((s) => s.details);
  const pcName = useStationStore((s) => s.info?.pcName ?? null);
  const name = details?.station.name || pcName || t('login.defaultTitle');
  return (
    <aside
      className={`station-panel${open ? ' station-panel--open' : ''}`}
      aria-label={t('login.panelOpen')}
      data-open={open}
      data-testid="station-panel"
    >
      <span className="station-panel__tab" aria-hidden="true" />
      <span className="station-panel__name" data-testid="station-name">
        {name}
      </span>
      {details?.station.number != null && (
        <span className="station-panel__number">{t('station.number', { number: details.station.number })}</span>
      )}
      {details?.group && (
        <>
          {details.group.hourlyRate !== null && (
            <span className="station-panel__rate" data-testid="station-rate">
              {t('login.hourlyRate', { rate: hourlyRateValue(details.group.hourlyRate) })}
            </span>
          )}
          {details.group.ratePeriod && (
            <span className="station-panel__period" data-testid="station-rate-period">
              {details.group.ratePeriod.until
                ? t('login.ratePeriod', { name: details.group.ratePeriod.name, time: clockTime(details.group.ratePeriod.until) })
                : t('login.ratePeriodOpen', { name: details.group.ratePeriod.name })}
            </span>
          )}
          <span className="station-panel__group" data-testid="station-group">
            {details.group.name}
          </span>
        </>
      )}
    </aside>
  );
}
