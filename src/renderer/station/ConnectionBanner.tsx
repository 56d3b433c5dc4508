/** The banner fixed at the top while the cafe server is not reachable. */
import { useTranslation } from 'react-i18next';
import { useHeartbeatStore } from './heartbeatStore.js';
import { bannerMessageKey } from './banner.js';
import { useConnectionStore } from '../core/connection/connectionStore.js';
import './connectionBanner.css';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionStore((s) => s.state);
  const heartbeatErrors = useHeartbeatStore((s) => s.consecutiveErrors);
  const serverRefused = useConnectionStore((s) => s.serverRefused);
  const key = bannerMessageKey(state, heartbeatErrors, serverRefused);
  if (!key) return null;
  const tone = state === 'connecting' ? 'info' : 'warning';
  return (
    <div
      className={`connection-banner connection-banner--${tone}`}
      role="status"
      aria-live="polite"
      data-testid="connection-banner"
      data-state={state}
    >
      <span className="connection-banner__dot" aria-hidden="true" />
      <span>{t(key)}</span>
    </div>
  );
}
