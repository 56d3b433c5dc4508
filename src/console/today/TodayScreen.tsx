/** The day at a glance: a few big numbers, revenue by source as bars, occupancy by hour as a chart. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { useToday } from './index.js';
import { useFormat } from '../ui/useFormat.js';

function OccupancyChart({ values }: { values: number[] }) {
  const { t } = useTranslation();
  const w = 24 * 20;
  const h = 120;
  return (
    <svg className="chart" viewBox={`0 0 ${w} ${h + 18}`} role="img" aria-label={t('today.occupancy')}>
      {values.map((v, hour) => (
        <g key={hour}>
          <rect x={hour * 20 + 3} y={h - (v / 100) * h} width={14} height={(v / 100) * h} className="bar">
            <title>{`${String(hour).padStart(2, '0')}:00 · ${v}%`}</title>
          </rect>
          {hour % 3 === 0 && (
            <text x={hour * 20 + 10} y={h + 14} textAnchor="middle" className="axis">
              {String(hour).padStart(2, '0')}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

export function TodayScreen() {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const service = useToday();
  // What the screen shows is read when it opens.
  useEffect(() => {
    void service.load();
  }, [service]);
  const today = useSlice(service.store, (s) => s.today);
  const error = useSlice(service.store, (s) => s.error);
  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!today) return <p className="muted">{t('app.loading')}</p>;
  const sources: [string, number][] = [
    [t('today.sessions'), today.revenue.sessions],
    [t('report.topUpsCash'), today.revenue.topUpsCash],
    [t('report.topUpsCard'), today.revenue.topUpsCard],
    [t('report.orders'), today.revenue.orders],
  ];
  const top = Math.max(1, ...sources.map(([, v]) => v));
  return (
    <section className="today" aria-label={t('nav.today')}>
      <div className="figures card">
        <div>
          <span className="muted small">{t('today.inUse')}</span>
          <strong data-testid="in-use">
            {today.stationsInUse} / {today.stations}
          </strong>
        </div>
        <div>
          <span className="muted small">{t('today.waiting')}</span>
          <strong>{today.openCalls + today.pendingOrders}</strong>
        </div>
        <div>
          <span className="muted small">{t('today.revenue')}</span>
          <strong>{t('room.balance', { amount: iqd(sources.reduce((a, [, v]) => a + v, 0)) })}</strong>
        </div>
      </div>
      <div className="card">
        <h3>{t('today.bySource')}</h3>
        <ul className="plain sources">
          {sources.map(([label, value]) => (
            <li key={label}>
              <span>{label}</span>
              <span className="meter" aria-hidden="true">
                <span style={{ inlineSize: `${(value / top) * 100}%` }} />
              </span>
              <span className="num">{t('room.balance', { amount: iqd(value) })}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="card">
        <h3>{t('today.occupancy')}</h3>
        <OccupancyChart values={today.occupancy} />
      </div>
    </section>
  );
}
