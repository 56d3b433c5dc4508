/** The attention inbox: service calls to take and resolve, orders to approve (paid) or reject with a reason. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../shared/api/admin-store.js';
import { useServices, useSlice } from '../core/services.js';
import { clock, iqd } from '../ui/format.js';

function OrderItem({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { inbox } = useServices();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [approved, setApproved] = useState<string | null>(null);
  return (
    <li className="item card" data-order={order.id}>
      <div>
        <strong>{t('inbox.order', { offer: order.offerName })}</strong>
        <p>{t('inbox.order.detail', { user: order.username, price: iqd(order.price), credit: iqd(order.credit) })}</p>
        <span className="small muted">{clock(order.createdAt)}</span>
      </div>
      <div className="row">
        <button
          type="button"
          className="primary"
          onClick={() =>
            void inbox.approve(order.id).then((done) => done && setApproved(t('inbox.approved', { user: done.user, balance: iqd(done.balance) })))
          }
        >
          {t('inbox.approve')}
        </button>
        {rejecting ? (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim()) void inbox.reject(order.id, reason.trim());
            }}
          >
            <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('inbox.rejectReason')} aria-label={t('inbox.rejectReason')} autoFocus />
            <button type="submit">{t('inbox.reject')}</button>
          </form>
        ) : (
          <button type="button" onClick={() => setRejecting(true)}>
            {t('inbox.reject')}
          </button>
        )}
      </div>
      {approved && <p role="status">{approved}</p>}
    </li>
  );
}

export function InboxScreen() {
  const { t } = useTranslation();
  const { inbox } = useServices();
  const calls = useSlice(inbox.store, (s) => s.calls);
  const orders = useSlice(inbox.store, (s) => s.orders);
  const error = useSlice(inbox.store, (s) => s.error);
  const alerts = useSlice(inbox.store, (s) => s.alerts);
  return (
    <section aria-label={t('inbox.title')} className="inbox">
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {calls.length === 0 && orders.length === 0 && alerts.length === 0 && <p className="muted">{t('inbox.empty')}</p>}
      <ul className="items">
        {alerts.map((a) => (
          <li key={a.key} className={`item card alert-${a.kind}`} data-alert={a.stationId}>
            <div>
              <strong>{t(a.kind === 'lost' ? 'inbox.alert.lost' : 'inbox.alert.lowTime')}</strong>
              <p>{t(a.kind === 'lost' ? 'inbox.alert.lostDetail' : 'inbox.alert.detail', { number: a.stationNumber, user: a.who === 'guest' ? t('room.guest') : a.who, minutes: a.minutes ?? 0 })}</p>
            </div>
          </li>
        ))}
        {calls.map((call) => (
          <li key={`call-${call.id}`} className={`item card call-${call.type}`} data-call={call.id}>
            <div>
              <strong>{t(`inbox.call.${call.type}`)}</strong>
              <p>{t('inbox.call.from', { number: call.stationNumber ?? '?', user: call.username })}</p>
              {call.message && <p className="quote">{call.message}</p>}
              <span className="small muted">
                {clock(call.createdAt)}
                {call.acknowledgedBy ? ` · ${t('inbox.takenBy', { name: call.acknowledgedBy })}` : ''}
              </span>
            </div>
            <div className="row">
              {call.status === 'open' && (
                <button type="button" onClick={() => void inbox.acknowledge(call.id)}>
                  {t('inbox.ack')}
                </button>
              )}
              <button type="button" className="primary" onClick={() => void inbox.resolve(call.id)}>
                {t('inbox.resolve')}
              </button>
            </div>
          </li>
        ))}
        {orders.map((order) => (
          <OrderItem key={`order-${order.id}`} order={order} />
        ))}
      </ul>
    </section>
  );
}
