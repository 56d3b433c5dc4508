/**
 * Issue 22 item 8: the screen of a station the cafe server refuses (unknown,
 * not paired, pairing revoked), in front of everything: what is wrong and what
 * the technician should do, in the station's language, with the server's own
 * words for the record. It goes by itself once the server admits the station.
 */
import { useTranslation } from 'react-i18next';
import { useConnectionStore } from '../core/connection/connectionStore.js';
import type { MessageKey } from '../../shared/i18n/en.js';
import { LAYER_LEVEL } from '../../shared/ui/blockingLayers.js';
import { useBlockingLayer } from '../../shared/ui/useBlockingLayer.js';
import { useHeartbeatStore } from './heartbeatStore.js';
import { useStationStore } from './stationStore.js';
import { stationTrustProblem, type StationTrustProblem } from './stationTrust.js';
import './stationStatusOverlay.css';

const KEYS: Record<StationTrustProblem, { title: MessageKey; text: MessageKey; fix: MessageKey }> = {
  unknown: { title: 'stationTrust.unknown.title', text: 'stationTrust.unknown.text', fix: 'stationTrust.unknown.fix' },
  notPaired: { title: 'stationTrust.notPaired.title', text: 'stationTrust.notPaired.text', fix: 'stationTrust.notPaired.fix' },
  revoked: { title: 'stationTrust.revoked.title', text: 'stationTrust.revoked.text', fix: 'stationTrust.revoked.fix' },
};

export function StationTrustScreen() {
  const { t } = useTranslation();
  const state = useConnectionStore((s) => s.state);
  const connectError = useConnectionStore((s) => s.lastError);
  const heartbeatError = useHeartbeatStore((s) => s.lastError);
  const heartbeatErrors = useHeartbeatStore((s) => s.consecutiveErrors);
  const stationId = useStationStore((s) => s.info?.stationId ?? '');
  const found = stationTrustProblem({ state, connectError, heartbeatError, heartbeatErrors });
  const layer = useBlockingLayer<HTMLDivElement>(LAYER_LEVEL.trust, found !== null);
  if (!found) return null;
  const keys = KEYS[found.problem];
  return (
    <div
      ref={layer}
      tabIndex={-1}
      className="station-status-overlay station-trust"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="station-trust-title"
      data-testid="station-trust-screen"
      data-problem={found.problem}
    >
      <div className="station-status-overlay__card">
        <h1 id="station-trust-title" className="station-status-overlay__title">
          {t(keys.title)}
        </h1>
        <p className="station-status-overlay__text">{t(keys.text, { stationId })}</p>
        <p className="station-trust__fix">{t(keys.fix, { stationId })}</p>
        <p className="station-status-overlay__note">{t('stationTrust.retrying')}</p>
        <p className="station-status-overlay__note station-trust__reason" dir="auto">
          {t('stationTrust.reason', { reason: found.reason })}
        </p>
      </div>
    </div>
  );
}
