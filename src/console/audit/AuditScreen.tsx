/** The audit log (owner), filterable by staff member, station and customer. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditSentence } from '../../shared/audit-text.js';
import { Button } from '../../shared/ui/Button.js';
import { TextField } from '../../shared/ui/Field.js';
import { useSlice } from '../core/feature.js';
import { useAudit } from './index.js';
import { useFormat } from '../ui/useFormat.js';

export function AuditScreen() {
  const { t } = useTranslation();
  const { dateTime, language } = useFormat();
  const audit = useAudit();
  // What the screen shows is read when it opens.
  useEffect(() => {
    void audit.load();
  }, [audit]);
  const entries = useSlice(audit.store, (s) => s.entries);
  const error = useSlice(audit.store, (s) => s.error);
  const initial = useSlice(audit.store, (s) => s.filter);
  const [filter, setFilter] = useState(initial);
  return (
    <section aria-label={t('audit.title')} className="audit">
      <form
        className="row wrap card"
        onSubmit={(e) => {
          e.preventDefault();
          void audit.load(filter);
        }}
      >
        {(['staff', 'station', 'customer'] as const).map((key) => (
          <TextField key={key} label={t(`audit.${key}`)} value={filter[key]} onValue={(value) => setFilter({ ...filter, [key]: value })} autoComplete="off" />
        ))}
        <Button type="submit" variant="primary">
          {t('audit.filter')}
        </Button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="muted">{t('audit.empty')}</p>
      ) : (
        <table className="wide">
          <thead>
            <tr>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.what')}</th>
              <th scope="col">{t('audit.who')}</th>
              <th scope="col">{t('audit.result')}</th>
              <th scope="col">{t('audit.from')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className={e.statusCode >= 400 ? 'refused' : ''}>
                <td className="num">{dateTime(e.at)}</td>
                <td className="sentence" title={`${e.action} · ${e.statusCode}`} data-testid="audit-sentence">
                  {e.facts ? auditSentence(e.facts, language) : `${e.staff}: ${e.action}${[e.stationId, e.customer, e.target].filter(Boolean).map((x) => ` · ${x}`).join('')}`}
                </td>
                <td>
                  {e.staff} <span className="muted small">{t(`app.role.${e.role === 'owner' ? 'owner' : 'staff'}`)}</span>
                </td>
                <td>{e.statusCode >= 400 ? t('audit.refused', { code: e.statusCode }) : t('audit.done')}</td>
                <td className="mono small">{e.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
