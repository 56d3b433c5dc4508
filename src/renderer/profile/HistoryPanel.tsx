/** SPEC §2 game play history on the profile: the 15 latest plays, 'Xh Ym' / 'Ym' / 'In progress'. */
import { useTranslation } from 'react-i18next';
import { formatPlayDuration } from '../../shared/format.js';
import { FormError } from '../ui/FormError.js';
import { dateTime } from './levelView.js';
import { useProfileStore } from './profileStore.js';

export function HistoryPanel() {
  const { t, i18n } = useTranslation();
  const history = useProfileStore((s) => s.history);
  const error = useProfileStore((s) => s.historyError);
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title" className="panel__title">
        {t('history.title')}
      </h2>
      <FormError error={error} />
      {!error && history.length === 0 ? (
        <p className="panel__empty">{t('history.empty')}</p>
      ) : (
        <ul className="history" data-testid="play-history">
          {history.map((item) => (
            <li key={item.id} className="history__item">
              <span className="history__name" dir="auto">
                {item.gameName}
              </span>
              <span className="history__when">{dateTime(item.startTime, i18n.language)}</span>
              <span className={`history__duration${item.durationMinutes === null ? ' history__duration--live' : ''}`}>
                {item.durationMinutes === null ? t('profile.inProgress') : formatPlayDuration(item.durationMinutes)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
