/** SPEC §4 time warnings at 10, 5 and 3 minutes: the visible half (the sound and TimeRemaining come from the session). */
import { AlarmClock, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFrameStore } from './frameStore.js';
import { useDashboard } from './index.js';

export function TimeWarning() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const minutes = useFrameStore((s) => s.warning);
  if (minutes === null) return null;
  return (
    <div className={`time-warning${minutes <= 3 ? ' time-warning--urgent' : ''}`} role="alert" data-testid="time-warning">
      <AlarmClock size={28} aria-hidden="true" />
      <div className="time-warning__text">
        <strong>{t('warning.title', { minutes })}</strong>
        <span>{t('warning.text')}</span>
      </div>
      <button type="button" className="icon-button" aria-label={t('warning.dismiss')} onClick={() => dashboard.dismissWarning()}>
        <X size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
