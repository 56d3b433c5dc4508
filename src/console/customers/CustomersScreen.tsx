/** Customers: search, the account at a glance, top-up (cash or card), refund (owner), login flags, disable/enable, the ledger. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { useCustomers } from './index.js';
import { useFormat } from '../ui/useFormat.js';

function Detail({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { iqd, dateTime } = useFormat();
  const customers = useCustomers();
  const detail = useSlice(customers.store, (s) => s.detail);
  const done = useSlice(customers.store, (s) => s.done);
  const busy = useSlice(customers.store, (s) => s.busy);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [note, setNote] = useState('');
  const [refund, setRefund] = useState('');
  const [reason, setReason] = useState('');
  const [free, setFree] = useState('');
  const [freeReason, setFreeReason] = useState('');
  const [offReason, setOffReason] = useState('');
  if (!detail) return null;
  const { customer } = detail;
  const topUp = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount);
    if (n > 0) void customers.topUp(customer.username, n, method, note.trim()).then(() => (setAmount(''), setNote('')));
  };
  const doRefund = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(refund);
    if (n > 0 && reason.trim()) void customers.refund(customer.username, n, reason.trim()).then(() => (setRefund(''), setReason('')));
  };
  const giveFree = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(free);
    if (n > 0 && freeReason.trim()) void customers.freeTime(customer.username, n, freeReason.trim()).then(() => (setFree(''), setFreeReason('')));
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    if (offReason.trim()) void customers.disable(customer.username, offReason.trim()).then(() => setOffReason(''));
  };
  return (
    <article className="card detail" aria-label={customer.username}>
      <h2>
        {customer.displayName ?? customer.username} <span className="muted small">@{customer.username}</span>
      </h2>
      <p className="muted small">{[customer.email, customer.phoneNumber, customer.type].filter(Boolean).join(' · ')}</p>
      <div className="figures">
        <div>
          <span className="muted small">{t('customers.balance')}</span>
          <strong data-testid="balance">{t('room.balance', { amount: iqd(customer.balance) })}</strong>
        </div>
        <div>
          <span className="muted small">{t('customers.free')}</span>
          <strong>{t('room.balance', { amount: iqd(customer.freeBalance) })}</strong>
        </div>
        <div>
          <span className="muted small">{t('customers.level', { level: customer.level, xp: customer.xp })}</span>
          <span className="small">{t('customers.sessions', { count: detail.sessions, cards: detail.cards })}</span>
        </div>
      </div>
      {customer.disabled && (
        <p className="disabled-note" data-testid="disabled">
          {t('customers.disabled', { by: customer.disabled.by ?? '?', time: dateTime(customer.disabled.at), reason: customer.disabled.reason ?? '' })}
        </p>
      )}
      {done !== null && <p role="status">{t('customers.done', { balance: iqd(done) })}</p>}
      <form className="row wrap" onSubmit={topUp} aria-label={t('customers.topUp')}>
        <input value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))} placeholder={t('customers.amount')} aria-label={t('customers.amount')} inputMode="numeric" />
        <select value={method} onChange={(e) => setMethod(e.target.value as 'cash' | 'card')} aria-label={t('customers.method.cash')}>
          <option value="cash">{t('customers.method.cash')}</option>
          <option value="card">{t('customers.method.card')}</option>
        </select>
        <input value={note} onChange={(e) => setNote(e.target.value)} placeholder={t('customers.note')} aria-label={t('customers.note')} />
        <button type="submit" className="primary" disabled={busy}>
          {t('customers.topUp')}
        </button>
      </form>
      {isOwner && (
        <form className="row wrap" onSubmit={doRefund} aria-label={t('customers.refund')}>
          <input value={refund} onChange={(e) => setRefund(e.target.value.replace(/\D/g, ''))} placeholder={t('customers.amount')} aria-label={t('customers.refund')} inputMode="numeric" />
          <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('customers.reason')} aria-label={t('customers.reason')} />
          <button type="submit" disabled={busy}>
            {t('customers.refund')}
          </button>
        </form>
      )}
      {isOwner && (
        <form className="row wrap" onSubmit={giveFree} aria-label={t('customers.freeTime')}>
          <input value={free} onChange={(e) => setFree(e.target.value.replace(/\D/g, ''))} placeholder={t('customers.amount')} aria-label={t('customers.freeTime')} inputMode="numeric" />
          <input value={freeReason} onChange={(e) => setFreeReason(e.target.value)} placeholder={t('customers.reason')} aria-label={t('customers.freeReason')} />
          <button type="submit" disabled={busy}>
            {t('customers.freeTime')}
          </button>
        </form>
      )}
      <div className="row wrap">
        <label className="check">
          <input
            type="checkbox"
            checked={customer.requirePasswordReset}
            onChange={(e) => void customers.flags(customer.username, { requirePasswordReset: e.target.checked })}
          />
          {t('customers.forceReset')}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={customer.requireBalanceTopUp}
            onChange={(e) => void customers.flags(customer.username, { requireBalanceTopUp: e.target.checked })}
          />
          {t('customers.forceTopUp')}
        </label>
      </div>
      {customer.disabled ? (
        <div className="row wrap">
          <button type="button" disabled={busy} onClick={() => void customers.enable(customer.username)}>
            {t('customers.enable')}
          </button>
        </div>
      ) : (
        <form className="row wrap" onSubmit={disable} aria-label={t('customers.disable')}>
          <input value={offReason} onChange={(e) => setOffReason(e.target.value)} placeholder={t('customers.disableReason')} aria-label={t('customers.disableReason')} />
          <button type="submit" className="danger" disabled={busy || !offReason.trim()}>
            {t('customers.disable')}
          </button>
        </form>
      )}
      <h3>{t('customers.ledger')}</h3>
      {detail.ledger.length === 0 ? (
        <p className="muted">{t('customers.ledger.empty')}</p>
      ) : (
        <table>
          <tbody>
            {detail.ledger.map((line) => (
              <tr key={line.id}>
                <td className="num">{dateTime(line.createdAt)}</td>
                <td className={`num ${line.amount < 0 ? 'neg' : 'pos'}`}>{iqd(line.amount)}</td>
                <td>{line.reason}</td>
                <td className="muted">{line.staff ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

export function CustomersScreen({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const customers = useCustomers();
  const results = useSlice(customers.store, (s) => s.results);
  const query = useSlice(customers.store, (s) => s.query);
  const error = useSlice(customers.store, (s) => s.error);
  const [text, setText] = useState(query);
  return (
    <section className="customers" aria-label={t('customers.title')}>
      <div className="list">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void customers.search(text);
          }}
        >
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('customers.search')} aria-label={t('customers.search')} />
        </form>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {results.length === 0 && query && <p className="muted">{t('customers.none')}</p>}
        <ul className="plain">
          {results.map((c) => (
            <li key={c.id}>
              <button type="button" className="link" onClick={() => void customers.open(c.username)}>
                <strong>{c.username}</strong> <span className="muted small">{t('room.balance', { amount: iqd(c.balance) })}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <Detail isOwner={isOwner} />
    </section>
  );
}
