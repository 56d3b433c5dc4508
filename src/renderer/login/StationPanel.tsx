/** The station's name, number, group and hourly rate, in the corner of the lock screen. */
import { useTranslation } from 'react-i18next';
import { hourlyRateValue } from '../../shared/format.js';
import { useStationStore } from '../station/stationStore.js';

export function StationPanel() {
  const { t } = useTranslation();
  const details = useStationStore((s) => s.details);
  const pcName = useStationStore((s) => s.info?.pcName ?? null);
  const name = details?.station.name || pcName || t('login.defaultTitle');
  return (
    <aside className="station-panel" data-testid="station-panel">
      <span className="station-panel__name" data-testid="station-name">
        {name}
      </span>
      {details && (
        <span className="station-panel__number">{t('station.number', { number: details.station.number })}</span>
      )}
      {details?.group && (
        <span className="station-panel__group">
          <span>{details.group.name}</span>
          <span className="station-panel__rate" data-testid="station-rate">
            {t('login.hourlyRate', { rate: hourlyRateValue(details.group.hourlyRate) })}
          </span>
        </span>
      )}
    </aside>
  );
}
