/** SPEC §2: the full-screen overlay that blocks the station while staff hold it (maintenance, reserved, …). */
import { useTranslation } from 'react-i18next';
import { useStationStore } from './stationStore.js';
import { overlayTitleKey, useStationStatusStore } from './stationStatus.js';
import { formatHourMinute } from '../../shared/format.js';
import type { MessageKey } from '../../shared/i18n/en.js';
import { LAYER_LEVEL } from '../../shared/ui/blockingLayers.js';
import { useBlockingLayer } from '../../shared/ui/useBlockingLayer.js';
import './stationStatusOverlay.css';

/** The known statuses in words of the current language; any other shows as the server names it. */
const STATUS_NAME_KEYS: Record<string, MessageKey> = {
  maintenance: 'status.name.maintenance',
  offline: 'status.name.offline',
  reserved: 'status.name.reserved',
  locked: 'status.name.locked',
};

export function StationStatusOverlay() {
  const { t, i18n } = useTranslation();
  const message = useStationStatusStore((s) => s.message);
  const until = useStationStatusStore((s) => s.until);
  const status = useStationStatusStore((s) => s.status);
  const liveNumber = useStationStatusStore((s) => s.stationNumber);
  const detailsNumber = useStationStore((s) => s.details?.station.number ?? null);
  const titleKey = overlayTitleKey(status);
  // The station is blocked: nothing behind can be focused, clicked or activated (issue 22).
  const layer = useBlockingLayer<HTMLDivElement>(LAYER_LEVEL.status, titleKey !== null && status !== null);
  if (!titleKey || status === null) return null;
  const number = liveNumber ?? detailsNumber ?? '';
  // '' when the server sent no end, or one that is not a date.
  const untilTime = until ? formatHourMinute(until, i18n.language === 'ar' ? 'ar' : 'en') : '';
  return (
    <div
      ref={layer}
      tabIndex={-1}
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
        <p className="station-status-overlay__text">{t('status.text', { number, status: STATUS_NAME_KEYS[status] ? t(STATUS_NAME_KEYS[status]) : status })}</p>
        <p className="station-status-overlay__note">{t('status.setByAdmin')}</p>
        {untilTime && (
          <p className="station-status-overlay__until" data-testid="station-status-until">
            {t('status.until', { time: untilTime })}
          </p>
        )}
        {message && (
          <p className="station-status-overlay__message" data-testid="station-status-message" dir="auto">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
