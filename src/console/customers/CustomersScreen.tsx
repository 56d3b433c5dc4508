/** Customers: search, the account at a glance, top-up (cash or card), refund (owner), login flags, disable/enable, the ledger. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { useCustomers } from './index.js';
import { ledgerKindText, ledgerNote, ledgerSentence } from '../../shared/audit-text.js';
import { standardRate } from '../../shared/format.js';
import { Button } from '../../shared/ui/Button.js';
import { CheckboxField } from '../../shared/ui/Choice.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { NumberField, TextField } from '../../shared/ui/Field.js';
import { SubmitButton } from '../../shared/ui/SubmitButton.js';
import { PaymentMethodField, type PaymentMethod } from '../ui/PaymentMethodField.js';
import { useFormat } from '../ui/useFormat.js';
import { useShortcuts } from '../ui/useShortcuts.js';

const SESSIONS = { en: { one: '{n} session', other: '{n} sessions' }, ar: { zero: '{n} جلسة', one: 'جلسة واحدة', two: 'جلستان', few: '{n} جلسات', other: '{n} جلسة' } };
/**
 * The rate free time is counted at (the kiosk's rule away from a station) and whether to say so: only when the
 * groups charge different rates, so a customer's own station may count it otherwise.
 */
function useStandardRate() {
  const customers = useCustomers();
  const rates = useSlice(customers.store, (s) => s.rates);
  return { rate: standardRate(rates), mixed: new Set(rates.filter((r) => r > 0)).size > 1 };
}

const CARDS = { en: { one: '{n} card', other: '{n} cards' }, ar: { zero: '{n} بطاقة', one: 'بطاقة واحدة', two: 'بطاقتان', few: '{n} بطاقات', other: '{n} بطاقة' } };

function Detail({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { iqd, money, dateTime, count, language, freeTime, rate: perHour } = useFormat();
  const customers = useCustomers();
  const standard = useStandardRate();
  const detail = useSlice(customers.store, (s) => s.detail);
  const done = useSlice(customers.store, (s) => s.done);
  const busy = useSlice(customers.store, (s) => s.busy);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [refund, setRefund] = useState('');
  const [reason, setReason] = useState('');
  const [free, setFree] = useState('');
  const [freeReason, setFreeReason] = useState('');
  const [offReason, setOffReason] = useState('');
  /** A money action waiting for its confirmation: what the dialog says and what it runs. */
  const [confirm, setConfirm] = useState<{ title: string; text: string; label: string; run(): void } | null>(null);
  if (!detail) return null;
  const { customer } = detail;
  const freeNow = freeTime(customer.freeBalance, standard.rate);
  const freeGiven = Number(free) > 0 ? freeTime(Number(free), standard.rate) : null;
  const who = customer.displayName ? `${customer.displayName} (@${customer.username})` : customer.username;
  const topUp = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount);
    if (!(n > 0)) return;
    setConfirm({
      title: t('customers.confirm.topUpTitle'),
      text: t(method === 'cash' ? 'customers.confirm.topUpCash' : 'customers.confirm.topUpCard', { amount: iqd(n), who, after: iqd(customer.balance + n) }),
      label: t('customers.confirm.topUp', { amount: iqd(n) }),
      run: () => void customers.topUp(customer.username, n, method, note.trim()).then((ok) => ok && (setAmount(''), setNote(''))),
    });
  };
  const doRefund = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(refund);
    if (!(n > 0 && reason.trim())) return;
    setConfirm({
      title: t('customers.confirm.refundTitle'),
      text: t('customers.confirm.refundText', { amount: iqd(n), who, reason: reason.trim() }),
      label: t('customers.confirm.refund', { amount: iqd(n) }),
      run: () => void customers.refund(customer.username, n, reason.trim()).then((ok) => ok && (setRefund(''), setReason(''))),
    });
  };
  const giveFree = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(free);
    if (!(n > 0 && freeReason.trim())) return;
    // The amount is money; the desk reads it as the time it buys, as the kiosk will show it.
    const time = freeTime(n, standard.rate);
    setConfirm({
      title: t('customers.confirm.freeTitle'),
      text: time
        ? [
            t('customers.confirm.freeTimeText', { time, amount: iqd(n), who, reason: freeReason.trim() }),
            standard.mixed && standard.rate !== null ? t('customers.confirm.freeTimeAt', { rate: perHour(standard.rate) }) : '',
          ].filter(Boolean).join(' ')
        : t('customers.confirm.freeText', { amount: iqd(n), who, reason: freeReason.trim() }),
      label: time ? t('customers.confirm.freeTimeLabel', { time }) : t('customers.confirm.free', { amount: iqd(n) }),
      run: () => void customers.freeTime(customer.username, n, freeReason.trim()).then((ok) => ok && (setFree(''), setFreeReason(''))),
    });
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    if (offReason.trim()) void customers.disable(customer.username, offReason.trim()).then(() => setOffReason(''));
  };
  return (
    <article className="card detail" aria-label={customer.username}>
      {confirm && (
        <ConfirmDialog wide
          title={confirm.title}
          confirmLabel={confirm.label}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            confirm.run();
            setConfirm(null);
          }}
        >
          <p data-testid="money-confirm">{confirm.text}</p>
        </ConfirmDialog>
      )}
      <h2>
        {customer.displayName ?? customer.username} <span className="muted small">@{customer.username}</span>
      </h2>
      <p className="muted small">
        {/* The account's kind in the desk's words; an email or a phone number keeps its own direction. */}
        {customer.type === 'regular' || customer.type === 'guest' ? t(`customers.type.${customer.type}`) : customer.type}
        {[customer.email, customer.phoneNumber].filter(Boolean).map((contact) => (
          <span key={contact}>
            {' · '}
            <bdi>{contact}</bdi>
          </span>
        ))}
      </p>
      <div className="figures">
        <div>
          <span className="muted small">{t('customers.balance')}</span>
          <strong data-testid="balance">{money(customer.balance)}</strong>
        </div>
        <div>
          <span className="muted small">{t('customers.free')}</span>
          {/* Free time in time, as the kiosk shows it, with the money it is kept as beside it. */}
          <strong data-testid="free-time">{freeNow ?? money(customer.freeBalance)}</strong>
          {freeNow && (
            <span className="small muted" data-testid="free-money">
              ({money(customer.freeBalance)}){standard.mixed && standard.rate !== null ? ` · ${t('customers.freeTime.standard', { rate: perHour(standard.rate) })}` : ''}
            </span>
          )}
        </div>
        <div>
          <span className="muted small">{t('customers.level', { level: customer.level, xp: customer.xp })}</span>
          <span className="small">
            {count(detail.sessions, SESSIONS)} · {count(detail.cards, CARDS)}
          </span>
        </div>
      </div>
      {customer.disabled && (
        <p className="disabled-note" data-testid="disabled">
          {t('customers.disabled', { by: customer.disabled.by ?? '?', time: dateTime(customer.disabled.at), reason: customer.disabled.reason ?? '' })}
        </p>
      )}
      {done !== null && <p role="status">{t('customers.done', { balance: iqd(done) })}</p>}
      <form className="row wrap" onSubmit={topUp} aria-label={t('customers.topUp')}>
        <NumberField label={t('customers.amount')} value={amount} onValue={(v) => setAmount(v.replace(/\D/g, ''))} />
        <PaymentMethodField label={t('customers.method')} value={method} onValue={setMethod} />
        <TextField label={t('customers.note')} value={note} onValue={setNote} className="grow" />
        <SubmitButton className="" label={t('customers.topUp')} busy={busy} />
      </form>
      {isOwner && (
        <form className="row wrap" onSubmit={doRefund} aria-label={t('customers.refund')}>
          <NumberField label={t('customers.refundAmount')} value={refund} onValue={(v) => setRefund(v.replace(/\D/g, ''))} />
          <TextField label={t('customers.reason')} value={reason} onValue={setReason} className="grow" />
          <Button type="submit" disabled={busy}>
            {t('customers.refund')}
          </Button>
        </form>
      )}
      {isOwner && (
        <form className="row wrap" onSubmit={giveFree} aria-label={t('customers.freeTime')}>
          <NumberField label={t('customers.freeAmount')} value={free} onValue={(v) => setFree(v.replace(/\D/g, ''))}>
            {freeGiven && (
              <span className="small muted" data-testid="free-buys">
                {t('customers.freeTime.buys', { time: freeGiven })}
              </span>
            )}
          </NumberField>
          <TextField label={t('customers.freeReason')} value={freeReason} onValue={setFreeReason} className="grow" />
          <Button type="submit" disabled={busy}>
            {t('customers.freeTime')}
          </Button>
        </form>
      )}
      <div className="row wrap">
        <CheckboxField
          label={t('customers.forceReset')}
          checked={customer.requirePasswordReset}
          onChecked={(checked) => void customers.flags(customer.username, { requirePasswordReset: checked })}
        />
        <CheckboxField
          label={t('customers.forceTopUp')}
          checked={customer.requireBalanceTopUp}
          onChecked={(checked) => void customers.flags(customer.username, { requireBalanceTopUp: checked })}
        />
      </div>
      {customer.disabled ? (
        <div className="row wrap">
          <Button disabled={busy} onClick={() => void customers.enable(customer.username)}>
            {t('customers.enable')}
          </Button>
        </div>
      ) : (
        <form className="row wrap" onSubmit={disable} aria-label={t('customers.disable')}>
          <TextField label={t('customers.disableReason')} value={offReason} onValue={setOffReason} className="grow" />
          <Button type="submit" variant="danger" disabled={busy || !offReason.trim()}>
            {t('customers.disable')}
          </Button>
        </form>
      )}
      <h3>{t('customers.ledger')}</h3>
      {detail.ledger.length === 0 ? (
        <p className="muted">{t('customers.ledger.empty')}</p>
      ) : (
        <table className="ledger">
          <thead>
            <tr>
              <th scope="col">{t('customers.ledger.when')}</th>
              <th scope="col" className="num">{t('customers.ledger.amount')}</th>
              <th scope="col">{t('customers.ledger.what')}</th>
              <th scope="col">{t('customers.ledger.staff')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.ledger.map((line) => {
              const note = ledgerNote(line.reason);
              return (
                <tr key={line.id} data-testid="ledger-line">
                  <td className="num">{dateTime(line.createdAt)}</td>
                  <td className={`num ${line.amount < 0 ? 'neg' : 'pos'}`}>{iqd(line.amount)}</td>
                  <td title={ledgerSentence(line, language)}>
                    {ledgerKindText(line.kind, language)}
                    {line.paymentMethod ? ` · ${t(`customers.method.${line.paymentMethod === 'card' ? 'card' : 'cash'}`)}` : ''}
                    {/* Free time given reads as the time it buys, as in the figure above. */}
                    {line.kind === 'free_time' && line.amount > 0 && freeTime(line.amount, standard.rate) ? ` · ${freeTime(line.amount, standard.rate)}` : ''}
                    {/* The note isolated, in the language's own quotes (“…”, Arabic «…» as the audit has them): a Latin note keeps them the right way round. */}
                    {note ? (
                      <span className="muted">
                        {' — '}
                        {language === 'ar' ? <>«<bdi>{note}</bdi>»</> : <bdi>“{note}”</bdi>}
                      </span>
                    ) : null}
                  </td>
                  <td className="muted">{line.staff ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </article>
  );
}

function NewCustomerForm() {
  const { t } = useTranslation();
  const customers = useCustomers();
  const busy = useSlice(customers.store, (s) => s.busy);
  const text = useSlice(customers.store, (s) => s.text);
  const [form, setForm] = useState({ username: /^[A-Za-z0-9.]+$/.test(text) ? text : '', password: '', displayName: '', phoneNumber: '' });
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  return (
    <form
      className="card new-customer"
      aria-label={t('customers.new')}
      onSubmit={(e) => {
        e.preventDefault();
        void customers.create(form);
      }}
    >
      <h2>{t('customers.new')}</h2>
      <TextField label={t('customers.new.username')} value={form.username} onValue={set('username')} autoFocus autoComplete="off" dir="ltr" />
      <TextField label={t('customers.new.password')} value={form.password} onValue={set('password')} autoComplete="off" dir="ltr" />
      <TextField label={t('customers.new.name')} value={form.displayName} onValue={set('displayName')} autoComplete="off" />
      <TextField label={t('customers.new.phone')} value={form.phoneNumber} onValue={set('phoneNumber')} autoComplete="off" dir="ltr" inputMode="tel" />
      <p className="muted small">{t('customers.new.hint')}</p>
      <div className="row">
        <SubmitButton className="" label={t('customers.new.create')} busy={busy} disabled={!form.username.trim() || !form.password} />
        <Button onClick={() => customers.startNew(false)}>{t('room.preview.cancel')}</Button>
      </div>
    </form>
  );
}

export function CustomersScreen({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { money, freeTime } = useFormat();
  const customers = useCustomers();
  const standard = useStandardRate();
  // The rates free time is counted at, read each time the screen opens (an owner may have changed them).
  useEffect(() => {
    void customers.loadRates();
  }, [customers]);
  const results = useSlice(customers.store, (s) => s.results);
  const query = useSlice(customers.store, (s) => s.query);
  const text = useSlice(customers.store, (s) => s.text);
  const searching = useSlice(customers.store, (s) => s.searching);
  const creating = useSlice(customers.store, (s) => s.creating);
  const open = useSlice(customers.store, (s) => s.detail?.customer.id ?? null);
  const error = useSlice(customers.store, (s) => s.error);
  const search = useRef<HTMLInputElement>(null);
  useShortcuts({ '/': () => search.current?.focus(), n: () => customers.startNew() });
  return (
    <section className="customers" aria-label={t('customers.title')}>
      <div className="list">
        <div className="row">
          <TextField
            label={t('customers.search')}
            labelHidden
            className="grow"
            inputRef={search}
            type="search"
            value={text}
            onValue={(v) => customers.type(v)}
            onKeyDown={(e) => e.key === 'Enter' && results[0] && void customers.open(results[0].username)}
            placeholder={t('customers.search')}
            aria-keyshortcuts="/"
          />
          <Button variant="primary" onClick={() => customers.startNew()} aria-keyshortcuts="N">
            {t('customers.new')}
          </Button>
        </div>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {searching && <p className="muted small">{t('customers.searching')}</p>}
        {!searching && results.length === 0 && query && <p className="muted">{t('customers.none')}</p>}
        {results.length > 0 && (
          <table className="results">
            <thead>
              <tr>
                <th scope="col">{t('customers.col.customer')}</th>
                <th scope="col">{t('customers.col.phone')}</th>
                <th scope="col" className="num">
                  {t('customers.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((c) => (
                <tr key={c.id} className={c.id === open ? 'chosen' : undefined} data-customer={c.username}>
                  <td>
                    <Button variant="link" onClick={() => void customers.open(c.username)}>
                      <strong>{c.username}</strong>
                      {c.displayName && <span className="muted small"> · {c.displayName}</span>}
                    </Button>
                  </td>
                  <td className="muted small">
                    {/* No number on the account: a dash, so the column does not read as missing. */}
                    {c.phoneNumber ? <bdi>{c.phoneNumber}</bdi> : '—'}
                  </td>
                  <td className="num" data-testid="list-balance">
                    {money(c.balance)}
                    {c.freeBalance > 0 && (
                      <span className="muted small free-line" data-testid="list-free">
                        {t('customers.freeTime.short', { time: freeTime(c.freeBalance, standard.rate) ?? money(c.freeBalance) })}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="muted small keys">{t('customers.keys')}</p>
      </div>
      {creating ? <NewCustomerForm /> : <Detail isOwner={isOwner} />}
    </section>
  );
}
