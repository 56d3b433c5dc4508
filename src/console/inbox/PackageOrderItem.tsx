/**
 * A package ordered at a station (issue 26): taken ("on my way") like the inbox's other rows, approved once paid at
 * the counter (cash or card, confirmed with the price and the customer) or rejected with a reason. Shared controls.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOrder } from '../../shared/api/admin-pricing.js';
import { Button } from '../../shared/ui/Button.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { PaymentMethodField, type PaymentMethod } from '../ui/PaymentMethodField.js';
import { useFormat } from '../ui/useFormat.js';
import { useInbox } from './index.js';
import { RejectWithReason } from './RejectWithReason.js';
import { ItemTime, TakeIt } from './TakeIt.js';

export function PackageOrderItem({ order }: { order: PackageOrder }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const inbox = useInbox();
  const [confirming, setConfirming] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  return (
    <li className="item card" data-package-order={order.id}>
      <div>
        <strong>{t('inbox.packageOrder', { name: order.packageName })}</strong>
        <p>{t('inbox.packageOrder.detail', { user: order.username, price: iqd(order.price) })}</p>
        <ItemTime at={order.createdAt} takenBy={order.takenBy} />
      </div>
      <div className="row">
        <TakeIt takenBy={order.takenBy} onTake={() => void inbox.takePackageOrder(order.id)} />
        <Button variant="primary" onClick={() => setConfirming(true)}>
          {t('inbox.approve')}
        </Button>
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
            <PaymentMethodField label={t('inbox.packageOrder.method')} value={method} onValue={setMethod} />
          </ConfirmDialog>
        )}
        <RejectWithReason onReject={(reason) => void inbox.rejectPackageOrder(order.id, reason)} />
      </div>
    </li>
  );
}
