/** Shifts: open with a float, close with the counted cash, a prepaid card sold at the desk, the report (print, CSV), past shifts. */
import { useEffect, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ShiftReport } from '../../shared/api/console.js';
import { useSlice } from '../core/feature.js';
import { useShifts } from './index.js';
import { Button } from '../../shared/ui/Button.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { NumberField, TextField } from '../../shared/ui/Field.js';
import { SubmitButton } from '../../shared/ui/SubmitButton.js';
import { useFormat } from '../ui/useFormat.js';
import { SellCard } from './SellCard.js';

/** A ledger kind in words (an unknown kind, from a newer server, reads as it is). */
const kindWords = (t: TFunction, kind: string) => (KINDS.has(kind) ? t(`money.kind.${kind}`) : kind);
const methodWords = (t: TFunction, method: string) => (method === 'cash' || method === 'card' ? t(`customers.method.${method}`) : method);
const KINDS = new Set(['top_up', 'refund', 'free_time', 'adjustment', 'offer_order', 'prepaid', 'session', 'opening', 'package_sale', 'package', 'prepaid_sale', 'prepaid_redeemed']);

/** The report's counts as words (issue 23: "1 order", "2 cards", never a bare "(1)"). */
const SESSIONS = { en: { one: '{n} session', other: '{n} sessions' }, ar: { zero: '{n} جلسة', one: 'جلسة واحدة', two: 'جلستان', few: '{n} جلسات', other: '{n} جلسة' } };
const ORDERS = { en: { one: '{n} order', other: '{n} orders' }, ar: { zero: '{n} طلب', one: 'طلب واحد', two: 'طلبان', few: '{n} طلبات', other: '{n} طلب' } };
const REFUNDS = { en: { one: '{n} refund', other: '{n} refunds' }, ar: { zero: '{n} استرداد', one: 'استرداد واحد', two: 'استردادان', few: '{n} استردادات', other: '{n} استرداد' } };
const PACKAGES = { en: { one: '{n} package', other: '{n} packages' }, ar: { zero: '{n} باقة', one: 'باقة واحدة', two: 'باقتان', few: '{n} باقات', other: '{n} باقة' } };
const CARDS = { en: { one: '{n} card', other: '{n} cards' }, ar: { zero: '{n} بطاقة', one: 'بطاقة واحدة', two: 'بطاقتان', few: '{n} بطاقات', other: '{n} بطاقة' } };

function Report({ report }: { report: ShiftReport }) {
  const { t } = useTranslation();
  const { money, dateTime, count, duration } = useFormat();
  const shifts = useShifts();
  const rows: [string, string][] = [
    // Sessions started in the shift: a customer playing now counts (it read "Sessions 0" beside play consumed).
    [t('report.sessions'), count(report.sessions, SESSIONS)],
    [t('report.orders'), `${money(report.orders.total)} (${count(report.orders.count, ORDERS)})`],
    [t('report.topUpsCash'), money(report.topUps.cash)],
    [t('report.topUpsCard'), money(report.topUps.card)],
    [t('report.refunds'), `${money(report.refunds.total)} (${count(report.refunds.count, REFUNDS)})`],
    // Issue 26: packages sold at the counter (how many, on a row of their own: the count is both methods'), and what
    // the play was billed as.
    ...(report.packages
      ? ([
          [t('report.packagesSold'), count(report.packages.count, PACKAGES)],
          [t('report.packagesCash'), money(report.packages.cash)],
          [t('report.packagesCard'), money(report.packages.card)],
        ] as [string, string][])
      : []),
    // Issue 23: prepaid cards sold at the counter: the cards, not the sales (a batch sold at once is one sale).
    ...(report.prepaid
      ? ([
          [t('report.prepaidSold'), count(report.prepaid.count, CARDS)],
          [t('report.prepaidCash'), money(report.prepaid.cash)],
          [t('report.prepaidCard'), money(report.prepaid.card)],
        ] as [string, string][])
      : []),
    ...(report.play
      ? ([
          [t('report.playPlain'), money(report.play.plain)],
          ...report.play.periods.map((p): [string, string] => [t('report.playPeriod', { name: p.name }), money(p.iqd)]),
          [t('report.playPackages'), duration(report.play.packageMinutes)],
        ] as [string, string][])
      : []),
    [t('report.float'), money(report.shift.openingFloat)],
    [t('report.expected'), money(report.expectedCash)],
    [t('report.counted'), report.countedCash === null ? '—' : money(report.countedCash)],
    [t('report.difference'), report.difference === null ? '—' : money(report.difference)],
  ];
  const labels = {
    sessions: 'sessions_started',
    orders: 'orders_approved_iqd',
    topUpsCash: 'top_ups_cash_iqd',
    topUpsCard: 'top_ups_card_iqd',
    refunds: 'refunds_iqd',
    float: 'opening_float_iqd',
    expected: 'expected_cash_iqd',
    counted: 'counted_cash_iqd',
    difference: 'difference_iqd',
  };
  return (
    <article className="card report" aria-label={t('shifts.report')}>
      <h2>{t('shifts.report')}</h2>
      <p className="muted small">
        {dateTime(report.shift.openedAt)} → {report.shift.closedAt ? dateTime(report.shift.closedAt) : '…'} · {report.shift.openedBy}
      </p>
      <table>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.shift.closedAt && (
        <p data-testid="closing-note">
          {t('report.closedBy', { name: report.shift.closedBy ?? '?', time: dateTime(report.shift.closedAt) })}{' '}
          {report.shift.note ? t('report.note', { note: report.shift.note }) : t('report.noNote')}
        </p>
      )}
      {report.movements && report.movements.length > 0 && (
        <>
          <h3>{t('report.movements')}</h3>
          <table className="movements">
            <thead>
              <tr>
                <th scope="col">{t('report.col.kind')}</th>
                <th scope="col">{t('report.col.method')}</th>
                <th scope="col" className="num">{t('report.col.count')}</th>
                <th scope="col" className="num">{t('report.col.total')}</th>
              </tr>
            </thead>
            <tbody>
              {report.movements.map((m) => (
                <tr key={`${m.kind}-${m.method ?? ''}`}>
                  <td>{kindWords(t, m.kind)}</td>
                  <td>{m.method ? methodWords(t, m.method) : '—'}</td>
                  <td className="num">{m.count}</td>
                  <td className="num">{money(m.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {report.unattended && report.unattended.length > 0 && (
        <>
          <h3>{t('report.unattended')}</h3>
          <p className="muted small">{t('report.unattendedHint')}</p>
          <table className="unattended">
            <thead>
              <tr>
                <th scope="col">{t('report.col.when')}</th>
                <th scope="col">{t('report.col.staff')}</th>
                <th scope="col">{t('report.col.kind')}</th>
                <th scope="col" className="num">{t('report.col.total')}</th>
              </tr>
            </thead>
            <tbody>
              {report.unattended.map((u, i) => (
                <tr key={`${u.at}-${i}`}>
                  <td>{dateTime(u.at)}</td>
                  <td>{u.staff ?? '—'}</td>
                  <td>
                    {kindWords(t, u.kind)}
                    {u.method ? ` · ${methodWords(t, u.method)}` : ''}
                  </td>
                  <td className="num">{money(u.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="row no-print">
        <Button onClick={() => shifts.print()}>{t('shifts.print')}</Button>
        <Button onClick={() => shifts.download(report, labels)}>{t('shifts.csv')}</Button>
      </div>
    </article>
  );
}

export function ShiftsScreen() {
  const { t } = useTranslation();
  const { iqd, dateTime } = useFormat();
  const shifts = useShifts();
  // What the screen shows is read when it opens.
  useEffect(() => {
    void shifts.load();
  }, [shifts]);
  const current = useSlice(shifts.store, (s) => s.current);
  const report = useSlice(shifts.store, (s) => s.report);
  const past = useSlice(shifts.store, (s) => s.past);
  const error = useSlice(shifts.store, (s) => s.error);
  const busy = useSlice(shifts.store, (s) => s.busy);
  const [float, setFloat] = useState('');
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');

  const open = (e: FormEvent) => {
    e.preventDefault();
    void shifts.open(Number(float || 0));
  };
  const [confirming, setConfirming] = useState(false);
  const close = (e: FormEvent) => {
    e.preventDefault();
    if (counted !== '') setConfirming(true);
  };

  return (
    <section className="shifts" aria-label={t('shifts.title')}>
      <div className="card">
        {/* What is true now on its own line; the form under it, its fields and button on one baseline. */}
        <p className="shift-state">
          {current ? t('shifts.openSince', { time: dateTime(current.openedAt), name: current.openedBy, float: iqd(current.openingFloat) }) : t('shifts.none')}
        </p>
        {current ? (
          <form className="row wrap" onSubmit={close}>
            <NumberField label={t('shifts.counted')} value={counted} onValue={(v) => setCounted(v.replace(/\D/g, ''))} />
            <TextField label={t('shifts.note')} value={note} onValue={setNote} className="grow" />
            <SubmitButton className="" label={t('shifts.close')} busy={busy} disabled={counted === ''} />
            {confirming && (
              <ConfirmDialog wide
                title={t('shifts.confirm.title')}
                confirmLabel={t('shifts.confirm.close', { counted: iqd(Number(counted)) })}
                cancelLabel={t('room.preview.cancel')}
                onCancel={() => setConfirming(false)}
                onConfirm={() => {
                  setConfirming(false);
                  void shifts.close(Number(counted), note.trim()).then(() => (setCounted(''), setNote('')));
                }}
              >
                <p data-testid="close-confirm">
                  {t('shifts.confirm.text', { name: current.openedBy, time: dateTime(current.openedAt), counted: iqd(Number(counted)) })}
                </p>
                <p>{note.trim() ? t('report.note', { note: note.trim() }) : t('report.noNote')}</p>
              </ConfirmDialog>
            )}
          </form>
        ) : (
          <form className="row wrap" onSubmit={open}>
            <NumberField label={t('shifts.float')} value={float} onValue={(v) => setFloat(v.replace(/\D/g, ''))} />
            <SubmitButton className="" label={t('shifts.open')} busy={busy} />
          </form>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      {/* Issue 23: the desk sells the owner's printed cards one by one; the money goes into this shift. */}
      <SellCard shiftOpen={current !== null} />
      {report && <Report report={report} />}
      {past.length > 0 && (
        <div className="card no-print">
          <h3>{t('shifts.past')}</h3>
          <ul className="plain">
            {past.map((s) => (
              <li key={s.id}>
                <Button variant="link" onClick={() => void shifts.show(s.id)}>
                  {dateTime(s.openedAt)} · {s.openedBy} {s.closedAt ? `→ ${dateTime(s.closedAt)}` : ''}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
