/**
 * The attention inbox: service calls to take and resolve, orders to approve (paid) or reject with a reason,
 * reward claims to take and deliver or cancel, centre accounts flagged after a failed launch to take and clear,
 * and the room's alerts with their time and where to act (the customer, or the PC in the Room).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGameAccount } from '../../shared/api/admin-games.js';
import type { AdminClaim } from '../../shared/api/admin-profile.js';
import type { Order } from '../../shared/api/admin-store.js';
import { useSlice } from '../core/feature.js';
import { useInbox } from './index.js';
import { RejectWithReason } from './RejectWithReason.js';
import { PackageOrderItem } from './PackageOrderItem.js';
import { Button, buttonClass } from '../../shared/ui/Button.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { ItemTime, TakeIt } from './TakeIt.js';
import { useFormat } from '../ui/useFormat.js';
import { SecurityItems } from './SecurityToast.js';
import type { RoomAlert } from '../../shared/inbox.js';
import { useRoom } from '../room/index.js';
import { useCustomers } from '../customers/index.js';

function OrderItem({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const inbox = useInbox();
  const [approved, setApproved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="item card" data-order={order.id}>
      <div>
        <strong>{t('inbox.order', { offer: order.offerName })}</strong>
        <p>{t('inbox.order.detail', { user: order.username, price: iqd(order.price), credit: iqd(order.credit) })}</p>
        <ItemTime at={order.createdAt} takenBy={order.takenBy} />
      </div>
      <div className="row">
        <TakeIt takenBy={order.takenBy} onTake={() => void inbox.takeOrder(order.id)} />
        <Button variant="primary" onClick={() => setConfirming(true)}>
          {t('inbox.approve')}
        </Button>
        {confirming && (
          <ConfirmDialog wide
            title={t('inbox.approve.title')}
            confirmLabel={t('inbox.approve.confirm', { price: iqd(order.price) })}
            cancelLabel={t('room.preview.cancel')}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void inbox.approve(order.id).then((done) => done && setApproved(t('inbox.approved', { user: done.user, balance: iqd(done.balance) })));
            }}
          >
            <p data-testid="approve-summary">{t('inbox.approve.summary', { user: order.username, offer: order.offerName, price: iqd(order.price), credit: iqd(order.credit) })}</p>
          </ConfirmDialog>
        )}
        <RejectWithReason onReject={(reason) => void inbox.reject(order.id, reason)} />
      </div>
      {approved && <p role="status">{approved}</p>}
    </li>
  );
}

function ClaimItem({ claim }: { claim: AdminClaim }) {
  const { t } = useTranslation();
  const inbox = useInbox();
  return (
    <li className="item card claim" data-claim={claim.id}>
      <div>
        <strong>{t('inbox.claim', { reward: claim.rewardDescription })}</strong>
        <p>{t('inbox.claim.detail', { user: claim.username, xp: claim.xpSpent })}</p>
        <ItemTime at={claim.createdAt} takenBy={claim.acknowledgedBy} />
      </div>
      <div className="row">
        <TakeIt takenBy={claim.acknowledgedBy} onTake={() => void inbox.takeClaim(claim.id)} />
        <Button variant="primary" onClick={() => void inbox.deliverClaim(claim.id)}>
          {t('inbox.claim.deliver')}
        </Button>
        <Button onClick={() => void inbox.cancelClaim(claim.id)}>{t('inbox.claim.cancel')}</Button>
      </div>
    </li>
  );
}

function FlagItem({ account }: { account: AdminGameAccount }) {
  const { t } = useTranslation();
  const inbox = useInbox();
  const flag = account.flag;
  if (!flag) return null;
  return (
    <li className="item card flag" data-flag={account.id}>
      <div>
        <strong>{t('inbox.flag', { account: account.accountDisplayName })}</strong>
        <p>{t('inbox.flag.detail', { username: account.username, reason: flag.reason })}</p>
        <ItemTime at={flag.at} takenBy={flag.acknowledgedBy} />
      </div>
      <div className="row">
        <TakeIt takenBy={flag.acknowledgedBy} onTake={() => void inbox.takeFlag(account.id)} />
        <Button variant="primary" onClick={() => void inbox.clearFlag(account.id)}>
          {t('inbox.flag.clear')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Something in the room that needs a person, with its time and what to do (issue 23): at a gate, open the
 * customer (top up or change the flags there); a lost connection, go to the PC in the Room (end the session
 * there); low time, the customer to top up (a guest: the PC in the Room).
 */
function RoomAlertItem({ alert: a }: { alert: RoomAlert }) {
  const { t } = useTranslation();
  const { duration } = useFormat();
  const room = useRoom();
  const customers = useCustomers();
  const now = useSlice(room.store, (s) => s.now);
  const member = a.who !== 'guest';
  const time =
    a.kind === 'low_time'
      ? { at: new Date(now + (a.minutes ?? 0) * 60_000).toISOString(), label: 'inbox.alert.endsAt' }
      : a.since
        ? { at: a.since, label: a.kind === 'lost' ? 'inbox.alert.lastHeard' : 'inbox.alert.since' }
        : null;
  const toCustomer = member && a.kind !== 'lost';
  return (
    <li className={`item card alert-${a.kind}`} data-alert={a.stationId}>
      <div>
        <strong>{t(a.kind === 'lost' ? 'inbox.alert.lost' : a.kind === 'at_gate' ? `inbox.alert.gate.${a.gate ?? 'top_up'}` : 'inbox.alert.lowTime')}</strong>
        <p>
          {t(a.kind === 'low_time' ? 'inbox.alert.detail' : 'inbox.alert.lostDetail', {
            number: a.stationNumber,
            user: member ? a.who : t('room.guest'),
            time: duration(a.minutes ?? 0),
          })}
        </p>
        {time ? <ItemTime at={time.at} label={time.label} /> : <span className="small muted">{t('room.never')}</span>}
      </div>
      <div className="row">
        {toCustomer ? (
          <a className={buttonClass(a.kind === 'at_gate' ? 'primary' : 'ghost')} href="#/customers" onClick={() => void customers.open(a.who)}>
            {t('inbox.alert.openCustomer')}
          </a>
        ) : (
          <a className={buttonClass('ghost')} href="#/room" onClick={() => room.selectOnly(a.stationId)}>
            {t('inbox.alert.showInRoom')}
          </a>
        )}
      </div>
    </li>
  );
}

export function InboxScreen() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const calls = useSlice(inbox.store, (s) => s.calls);
  const orders = useSlice(inbox.store, (s) => s.orders);
  const packageOrders = useSlice(inbox.store, (s) => s.packageOrders);
  const error = useSlice(inbox.store, (s) => s.error);
  const alerts = useSlice(inbox.store, (s) => s.alerts);
  const claims = useSlice(inbox.store, (s) => s.claims);
  const flags = useSlice(inbox.store, (s) => s.flags);
  const security = useSlice(inbox.store, (s) => s.security);
  return (
    <section aria-label={t('inbox.title')} className="inbox">
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {calls.length + orders.length + packageOrders.length + alerts.length + claims.length + flags.length + security.length === 0 && <p className="muted">{t('inbox.empty')}</p>}
      <ul className="items">
        <SecurityItems />
        {alerts.map((a) => (
          <RoomAlertItem key={a.key} alert={a} />
        ))}
        {calls.map((call) => (
          <li key={`call-${call.id}`} className={`item card call-${call.type}`} data-call={call.id}>
            <div>
              <strong>{t(`inbox.call.${call.type}`)}</strong>
              <p>{t('inbox.call.from', { number: call.stationNumber ?? '?', user: call.username })}</p>
              {call.message && <p className="quote">{call.message}</p>}
              <ItemTime at={call.createdAt} takenBy={call.acknowledgedBy} />
            </div>
            <div className="row">
              {call.status === 'open' && <Button onClick={() => void inbox.acknowledge(call.id)}>{t('inbox.ack')}</Button>}
              <Button variant="primary" onClick={() => void inbox.resolve(call.id)}>
                {t('inbox.resolve')}
              </Button>
            </div>
          </li>
        ))}
        {orders.map((order) => (
          <OrderItem key={`order-${order.id}`} order={order} />
        ))}
        {packageOrders.map((order) => (
          <PackageOrderItem key={`package-order-${order.id}`} order={order} />
        ))}
        {claims.map((claim) => (
          <ClaimItem key={`claim-${claim.id}`} claim={claim} />
        ))}
        {flags.map((account) => (
          <FlagItem key={`flag-${account.id}`} account={account} />
        ))}
      </ul>
    </section>
  );
}
