/**
 * Reports (owner, issue 26): a period (today, 7 days, this month, chosen
 * dates); a day chart of play at the plain rate and at rate periods, with
 * the package minutes and the counter's takings beside; money taken (of it
 * prepaid cards sold) and play consumed shown apart, never added; money by
 * kind of sale, station group and staff member; CSV.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesReport } from '../../shared/api/admin-reports.js';
import { Button } from '../../shared/ui/Button.js';
import { DateField } from '../../shared/ui/DateField.js';
import { SegmentedControl } from '../../shared/ui/SegmentedControl.js';
import { SubmitButton } from '../../shared/ui/SubmitButton.js';
import { useSlice } from '../core/feature.js';
import { useFormat } from '../ui/useFormat.js';
import { useReports } from './index.js';
import './reports.css';

const KINDS = ['top_up', 'package', 'offer_order', 'prepaid_sale', 'refund', 'play_plain', 'play_period'] as const;
const METHODS = ['cash', 'card', 'balance'] as const;
const PRESETS = ['today', 'week', 'month'] as const;

function DayChart({ days }: { days: SalesReport['days'] }) {
  const { t } = useTranslation();
  const { iqd, money, duration } = useFormat();
  const top = Math.max(1, ...days.map((d) => d.plain + d.periods));
  return (
    <figure className="card report-chart" aria-label={t('reports.chart')}>
      <figcaption>
        <strong>{t('reports.chart')}</strong>
        <span className="legend">
          <span className="swatch swatch--plain" aria-hidden="true" /> {t('reports.plain')}
          <span className="swatch swatch--periods" aria-hidden="true" /> {t('reports.periods')}
        </span>
      </figcaption>
      <div className="bars">
        {days.map((d) => (
          <div
            key={d.date}
            className="bar"
            data-date={d.date}
            title={`${d.date}: ${t('reports.plain')} ${iqd(d.plain)} · ${t('reports.periods')} ${iqd(d.periods)} · ${t('reports.packageMinutes', { time: duration(d.packageMinutes) })} · ${t('reports.dayTaken', { amount: money(d.counter), prepaid: money(d.prepaid) })}`}
          >
            <div className="bar__stack">
              <div className="bar__periods" style={{ blockSize: `${(100 * d.periods) / top}%` }} />
              <div className="bar__plain" style={{ blockSize: `${(100 * d.plain) / top}%` }} />
            </div>
            <span className="bar__label">{d.date.slice(5)}</span>
          </div>
        ))}
      </div>
    </figure>
  );
}

export function ReportsScreen() {
  const { t } = useTranslation();
  const { money, date, duration } = useFormat();
  // A report's day (YYYY-MM-DD) read on the desk's calendar, in the console's date format.
  const day = (ymd: string) => date(`${ymd}T00:00:00`);
  const reports = useReports();
  const state = useSlice(reports.store, (s) => s);
  const [from, setFrom] = useState(state.from);
  const [to, setTo] = useState(state.to);
  // What the screen shows is read when it opens: today.
  useEffect(() => {
    void reports.load();
  }, [reports]);
  useEffect(() => {
    setFrom(state.from);
    setTo(state.to);
  }, [state.from, state.to]);
  const kindLabel = (kind: string) => ((KINDS as readonly string[]).includes(kind) ? t(`reports.kind.${kind as (typeof KINDS)[number]}`) : kind);
  const methodLabel = (method: string | null) =>
    method === null ? '' : (METHODS as readonly string[]).includes(method) ? t(`reports.method.${method as (typeof METHODS)[number]}`) : method;
  const report = state.report;
  return (
    <section aria-label={t('reports.title')} className="reports">
      <form
        className="row wrap card no-print"
        onSubmit={(e) => {
          e.preventDefault();
          void reports.between(from, to);
        }}
      >
        <SegmentedControl
          label={t('reports.presets')}
          value={PRESETS.find((p) => p === state.preset) ?? null}
          options={PRESETS.map((preset) => ({ value: preset, label: t(`reports.preset.${preset}`) }))}
          onValue={(preset) => void reports.choose(preset)}
        />
        <DateField label={t('reports.from')} value={from} onValue={setFrom} max={to} required />
        <DateField label={t('reports.to')} value={to} onValue={setTo} min={from} required />
        <SubmitButton label={t('reports.show')} busy={state.busy} className="" />
        <Button onClick={() => reports.download()} disabled={!report}>
          {t('shifts.csv')}
        </Button>
      </form>
      {state.error && (
        <p className="error" role="alert">
          {state.error}
        </p>
      )}
      {report && (
        <>
          <h2 className="report-period">
            {report.from === report.to ? day(report.from) : t('reports.period', { from: day(report.from), to: day(report.to) })}
          </h2>
          {/* Money taken and play consumed (paid from balances bought earlier) are two things: apart, never added. */}
          <div className="figures card">
            <div>
              <span className="muted small">{t('reports.taken')}</span>
              <strong data-testid="report-taken">{money(report.taken.cash + report.taken.card)}</strong>
              <span className="small muted">
                {t('reports.takenSplit', { cash: money(report.taken.cash), card: money(report.taken.card), prepaid: money(report.taken.prepaid) })}
              </span>
            </div>
            <div>
              <span className="muted small">{t('reports.played')}</span>
              <strong data-testid="report-played">{money(report.played)}</strong>
              <span className="small muted">{t('reports.playedNote')}</span>
            </div>
          </div>
          <DayChart days={report.days} />
          <div className="report-tables">
            <table className="card" aria-label={t('reports.byKind')}>
              <caption>{t('reports.byKind')}</caption>
              <tbody>
                {report.byKind.length === 0 && (
                  <tr>
                    <td>{t('reports.nothing')}</td>
                  </tr>
                )}
                {report.byKind.map((k) => (
                  <tr key={`${k.kind}-${k.method ?? ''}`}>
                    <th scope="row">
                      {kindLabel(k.kind)} {k.method && <span className="muted">({methodLabel(k.method)})</span>}
                    </th>
                    <td className="num">{money(k.total)}</td>
                    <td className="num">{k.count > 0 ? k.count : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="card" aria-label={t('reports.byGroup')}>
              <caption>{t('reports.byGroup')}</caption>
              <tbody>
                {report.byGroup.map((g) => (
                  <tr key={g.groupId ?? g.name}>
                    <th scope="row">{g.name}</th>
                    <td className="num">{money(g.iqd)}</td>
                    <td className="num">{duration(g.minutes)}</td>
                    <td className="num">{t('reports.packageMinutes', { time: duration(g.packageMinutes) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="card" aria-label={t('reports.byStaff')}>
              <caption>{t('reports.byStaff')}</caption>
              <tbody>
                {report.byStaff.map((s) => (
                  <tr key={s.staff}>
                    <th scope="row">{s.staff}</th>
                    <td className="num">
                      {money(s.cash)} <span className="muted">({methodLabel('cash')})</span>
                    </td>
                    <td className="num">
                      {money(s.card)} <span className="muted">({methodLabel('card')})</span>
                    </td>
                    <td className="num">{s.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
