/** SPEC §2: the full-screen overlay that blocks the station while staff hold it (maintenance, reserved, …). */
import { useTranslation } from 'react-i18next';
import { useStationStore } from './stationStore.js';
import { overlayTitleKey, useStationStatusStore } from './stationStatus.js';
import './stationStatusOverlay.css';

export function StationStatusOverlay() {
  const { t } = useTranslation();
  const status = useStationStatusStore((s) => s.status);
  const liveNumber = useStationStatusStore((s) => s.stationNumber);
  const detailsNumber = useStationStore((s) => s.details?.station.number ?? null);
  const titleKey = overlayTitleKey(status);
  if (!titleKey || status === null) return null;
  const number = liveNumber ?? detailsNumber ?? '';
  return (
    <div
      className="station-status-overlay"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="station-status-title"
      data-testid="station-status-overlay"
      data-status={status}
    >
      <div className="station-status-overlay__card">
        <h1 id="station-status-title" className="station-status-overlay__title">
          {t(titleKey)}
        </h1>
        <p className="station-status-overlay__text">{t('status.text', { number, status })}</p>
        <p className="station-status-overlay__note">{t('status.setByAdmin')}</p>
      </div>
    </div>
  );
}
