/** A package ordered at a station (issue 26): approve once paid at the counter (cash or card, confirmed with the price and the customer) or reject with a reason. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOrder } from '../../shared/api/admin-pricing.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { useFormat } from '../ui/useFormat.js';
import { useInbox } from './index.js';
import { RejectWithReason } from './RejectWithReason.js';

export function PackageOrderItem({ order }: { order: PackageOrder }) {
  const { t } = useTranslation();
  const { iqd, clock } = useFormat();
  const inbox = useInbox();
  const [confirming, setConfirming] = useState(false);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  return (
    <li className="item card" data-package-order={order.id}>
      <div>
        <strong>{t('inbox.packageOrder', { name: order.packageName })}</strong>
        <p>{t('inbox.packageOrder.detail', { user: order.username, price: iqd(order.price) })}</p>
        <span className="small muted">{clock(order.createdAt)}</span>
      </div>
      <div className="row">
        <button type="button" className="primary" onClick={() => setConfirming(true)}>
          {t('inbox.approve')}
        </button>
        {confirming && (
          <ConfirmDialog
            wide
            title={t('inbox.packageOrder.title')}
            confirmLabel={t('inbox.approve.confirm', { price: iqd(order.price) })}
            cancelLabel={t('room.preview.cancel')}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void inbox.approvePackageOrder(order.id, method);
            }}
          >
            <p data-testid="approve-summary">{t('inbox.packageOrder.summary', { user: order.username, name: order.packageName, price: iqd(order.price) })}</p>
            <label>
              {t('inbox.packageOrder.method')}
              <select value={method} onChange={(e) => setMethod(e.target.value === 'card' ? 'card' : 'cash')}>
                <option value="cash">{t('customers.method.cash')}</option>
                <option value="card">{t('customers.method.card')}</option>
              </select>
            </label>
          </ConfirmDialog>
        )}
        <RejectWithReason onReject={(reason) => void inbox.rejectPackageOrder(order.id, reason)} />
      </div>
    </li>
  );
}
