/** The day at a glance: a few big numbers, revenue by source as bars, occupancy by hour as a chart. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { useToday } from './index.js';
import { useFormat } from '../ui/useFormat.js';

const hourText = (hour: number) => String(hour).padStart(2, '0');

/**
 * Occupancy by hour: one column per hour across the whole panel, hour 0 at the
 * reading start (right in Arabic), every hour labelled; the value of each in
 * its title and in the chart's name for screen readers.
 */
function OccupancyChart({ values }: { values: number[] }) {
  const { t } = useTranslation();
  const described = values.map((v, hour) => `${hourText(hour)}:00 ${v}%`).join(', ');
  return (
    <figure className="occupancy" data-testid="occupancy">
      <div className="occupancy__plot" role="img" aria-label={`${t('today.occupancy')}: ${described}`}>
        {values.map((v, hour) => (
          <div key={hour} className="occupancy__col" title={`${hourText(hour)}:00 · ${v}%`}>
            <span className="occupancy__bar" data-hour={hour} style={{ blockSize: `${Math.min(100, Math.max(0, v))}%` }} />
          </div>
        ))}
      </div>
      <div className="occupancy__hours" aria-hidden="true">
        {values.map((_, hour) => (
          <span key={hour}>{hourText(hour)}</span>
        ))}
      </div>
    </figure>
  );
}

export function TodayScreen() {
  const { t } = useTranslation();
  const { iqd, money: moneyText } = useFormat();
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
  // Money taken and play consumed are two different things (issue 23): shown apart, never added.
  const money = today.money;
  const sources: [string, number][] = money
    ? [
        [t('report.topUpsCash'), money.topUps.cash],
        [t('report.topUpsCard'), money.topUps.card],
        [t('today.ordersPaid'), money.orders.cash + money.orders.card],
        [t('today.packagesSold'), money.packages.cash + money.packages.card],
        [t('today.prepaidSold'), money.prepaid.cash + money.prepaid.card],
        [t('today.refunds'), -money.refunds],
      ]
    : [
        [t('report.topUpsCash'), today.revenue.topUpsCash],
        [t('report.topUpsCard'), today.revenue.topUpsCard],
        [t('report.orders'), today.revenue.orders],
      ];
  const taken = money ? money.total : today.revenue.topUpsCash + today.revenue.topUpsCard + today.revenue.orders;
  const play = today.play;
  const top = Math.max(1, ...sources.map(([, v]) => Math.abs(v)));
  const waiting = today.waiting?.total ?? today.openCalls + today.pendingOrders;
  return (
    <section className="today" aria-label={t('nav.today')}>
      <div className="figures card">
        <div>
          <span className="muted small">{t('today.inUse')}</span>
          {/* Worded per language ("2 من 8" in Arabic): a bare "2 / 8" read "8 / 2" right to left. */}
          <strong data-testid="in-use">{t('today.inUseOf', { inUse: today.stationsInUse, total: today.stations })}</strong>
        </div>
        <div>
          <span className="muted small">{t('today.waiting')}</span>
          <strong data-testid="waiting">{waiting}</strong>
          <span className="small muted">{t('today.waitingNote')}</span>
        </div>
        <div>
          <span className="muted small">{t('today.taken')}</span>
          <strong data-testid="money-taken">{moneyText(taken)}</strong>
          {money && <span className="small muted">{t('today.takenSplit', { cash: iqd(money.cash), card: iqd(money.card) })}</span>}
        </div>
        <div>
          <span className="muted small">{t('today.played')}</span>
          <strong data-testid="play-consumed">{moneyText(play ? play.billed : today.revenue.sessions)}</strong>
          <span className="small muted">{t('today.playedNote')}</span>
        </div>
      </div>
      <div className="today-panels">
        <div className="card">
          <h3>{t('today.bySource')}</h3>
          <ul className="plain sources">
            {sources.map(([label, value]) => (
              <li key={label}>
                <span>{label}</span>
                <span className="meter" aria-hidden="true">
                  <span style={{ inlineSize: `${(Math.abs(value) / top) * 100}%` }} />
                </span>
                <span className="num">{moneyText(value)}</span>
              </li>
            ))}
          </ul>
          {money && money.prepaidRedeemed > 0 && <p className="muted small">{t('today.prepaid', { amount: iqd(money.prepaidRedeemed) })}</p>}
          {play && (
            <p className="muted small" data-testid="play-split">
              {t('today.playSplit', { paid: iqd(play.fromPaid), free: iqd(play.fromFree), given: iqd(play.freeTimeGiven) })}
            </p>
          )}
        </div>
        <div className="card">
          <h3>{t('today.occupancy')}</h3>
          <OccupancyChart values={today.occupancy} />
        </div>
      </div>
    </section>
  );
}
