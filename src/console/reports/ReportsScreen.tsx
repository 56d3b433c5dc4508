/**
 * Reports (owner, issue 26): a period (today, 7 days, this month, chosen
 * dates); a day chart (a single day by the hour, issue 23) of play at the plain rate and at rate periods, with
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

/** One bar of the chart: a day of a period, or an hour of a single day. */
interface Bar {
  key: string;
  /** Under the bar: the day (MM-DD) or the hour (21). */
  label: string;
  /** What the bar is, first in its tooltip: the date, or the hour as 21:00–22:00. */
  what: string;
  line: Omit<SalesReport['days'][number], 'date'>;
}

/** A period's bars: its days, or a single day by the hour (issue 23), so one day reads as well as a month. */
export function chartBars(report: Pick<SalesReport, 'days' | 'hours'>): { byHour: boolean; bars: Bar[] } {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  if (report.days.length === 1 && report.hours.length > 0) {
    return { byHour: true, bars: report.hours.map(({ hour, ...line }) => ({ key: `h${hour}`, label: String(hour).padStart(2, '0'), what: `${hh(hour)}–${hh((hour + 1) % 24)}`, line })) };
  }
  // A day as the console writes dates (27/11/2026), its axis label without the year (27/11): never '11-27'.
  const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  return { byHour: false, bars: report.days.map(({ date, ...line }) => ({ key: date, label: dayMonth(date), what: `${dayMonth(date)}/${date.slice(0, 4)}`, line })) };
}

function PlayChart({ report }: { report: SalesReport }) {
  const { t } = useTranslation();
  const { iqd, money, duration } = useFormat();
  const { byHour, bars } = chartBars(report);
  const top = Math.max(1, ...bars.map((b) => b.line.plain + b.line.periods));
  // No bar with anything to draw: say so, rather than an empty frame that looks broken.
  const nothing = bars.every((b) => b.line.plain + b.line.periods === 0);
  const caption = byHour ? t('reports.chartHours') : t('reports.chart');
  return (
    <figure className={`card report-chart${byHour ? ' report-chart--hours' : ''}`} aria-label={caption}>
      <figcaption>
        <strong>{caption}</strong>
        <span className="legend">
          <span className="swatch swatch--plain" aria-hidden="true" /> {t('reports.plain')}
          <span className="swatch swatch--periods" aria-hidden="true" /> {t('reports.periods')}
        </span>
      </figcaption>
      {nothing && (
        <p className="muted small report-chart__empty" data-testid="chart-empty">
          {t('reports.chartEmpty')}
        </p>
      )}
      <div className="bars">
        {bars.map(({ key, label, what, line }) => (
          <div
            key={key}
            className="bar"
            data-bar={key}
            title={`${what}: ${t('reports.plain')} ${iqd(line.plain)} · ${t('reports.periods')} ${iqd(line.periods)} · ${t('reports.packageMinutes', { time: duration(line.packageMinutes) })} · ${t('reports.dayTaken', { amount: money(line.counter), prepaid: money(line.prepaid) })}`}
          >
            <div className="bar__stack">
              <div className="bar__periods" style={{ blockSize: `${(100 * line.periods) / top}%` }} />
              <div className="bar__plain" style={{ blockSize: `${(100 * line.plain) / top}%` }} />
            </div>
            <span className="bar__label">{label}</span>
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
          <PlayChart report={report} />
          <div className="report-tables">
            <table className="card" aria-label={t('reports.byKind')}>
              <caption>{t('reports.byKind')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('cols.kind')}</th>
                  <th scope="col" className="num">{t('cols.amount')}</th>
                  <th scope="col" className="num">{t('cols.sales')}</th>
                </tr>
              </thead>
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
              <thead>
                <tr>
                  <th scope="col">{t('cols.group')}</th>
                  <th scope="col" className="num">{t('cols.money')}</th>
                  <th scope="col" className="num">{t('cols.playTime')}</th>
                  <th scope="col" className="num">{t('cols.packages')}</th>
                </tr>
              </thead>
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
              <thead>
                <tr>
                  <th scope="col">{t('cols.staff')}</th>
                  <th scope="col" className="num">{t('cols.cash')}</th>
                  <th scope="col" className="num">{t('cols.card')}</th>
                  <th scope="col" className="num">{t('cols.sales')}</th>
                </tr>
              </thead>
              <tbody>
                {report.byStaff.map((s) => (
                  <tr key={s.staff}>
                    <th scope="row">{s.staff}</th>
                    <td className="num">
                      {money(s.cash)}
                    </td>
                    <td className="num">
                      {money(s.card)}
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
