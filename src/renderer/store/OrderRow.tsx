/**
 * One of the customer's orders as the store lists it (issue 23): what was ordered, what it costs or brought,
 * its state as a chip (waiting, approved, rejected) and the time of its last change — the kiosk's own look,
 * in both languages and right to left. Offer orders and package orders use the same row.
 */
import { CheckCircle2, Clock3, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatHourMinute } from '../../shared/format.js';
import { iqdAmount } from './offerView.js';

export interface OrderRowProps {
  kind: 'offer' | 'package';
  name: string;
  status: 'pending' | 'approved' | 'rejected';
  /** Paid at the counter (IQD). */
  price: number;
  /** Added to the balance once approved (IQD); none for a package. */
  credit?: number;
  createdAt: string;
  decidedAt: string | null;
  rejectReason: string | null;
}

const STATUS_ICON = { pending: Clock3, approved: CheckCircle2, rejected: XCircle } as const;

export function OrderRow({ kind, name, status, price, credit, createdAt, decidedAt, rejectReason }: OrderRowProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => t('money.iqd', { amount: iqdAmount(amount) });
  const when = decidedAt ?? createdAt;
  const Icon = STATUS_ICON[status];
  const detail =
    status === 'pending'
      ? t('store.order.payAtCounter')
      : status === 'rejected'
        ? rejectReason?.trim() || t('store.order.askWhy')
        : kind === 'offer'
          ? t('store.order.added')
          : t('packages.held');
  const amount = status === 'approved' && credit !== undefined ? `+${money(credit)}` : status === 'rejected' ? null : money(price);
  return (
    <li className={`order-row order-row--${status}`} data-status={status} data-kind={kind} data-testid="order-row">
      <Icon className="order-row__icon" size={20} aria-hidden="true" />
      <div className="order-row__main">
        {/* The cafe's own name for the offer or package, in whatever language staff wrote it. */}
        <strong className="order-row__name" dir="auto">
          {name}
        </strong>
        <span className="order-row__detail" dir={status === 'rejected' && rejectReason?.trim() ? 'auto' : undefined}>
          {detail}
        </span>
      </div>
      {amount !== null && <strong className="order-row__amount">{amount}</strong>}
      <span className={`order-chip order-chip--${status}`}>{t(`store.order.status.${status}`)}</span>
      <time className="order-row__time" dateTime={when}>
        {formatHourMinute(when, i18n.language === 'ar' ? 'ar' : 'en')}
      </time>
    </li>
  );
}
