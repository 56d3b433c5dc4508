/** The large session clock of the header: time remaining, or session time counting up. */
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../session/sessionStore.js';
import { clockView } from './sessionClock.js';
import { useNow } from './useNow.js';

const SECOND_MS = 1_000;

export function SessionClock({ startTime }: { startTime: string }) {
  const { t } = useTranslation();
  const remainingMinutes = useSessionStore((s) => s.remainingMinutes);
  const now = useNow(SECOND_MS, remainingMinutes === null);
  const view = clockView(remainingMinutes, startTime, now);
  return (
    <div className={`session-clock session-clock--${view.mode}`} data-testid="session-clock" data-mode={view.mode}>
      <span className="session-clock__label">
        {t(view.mode === 'remaining' ? 'dashboard.remaining' : 'dashboard.elapsed')}
      </span>
      <time className="session-clock__value" dir="ltr" data-testid="session-clock-value">
        {view.text}
      </time>
    </div>
  );
}
