/**
 * Staff's decision on one of the customer's orders as the bell's notification (issue 23): SPEC §3's local
 * notification has no order type, so an order whose status changed is a `status_change`, with the order in
 * `data`. The title says what happened ("Your order was approved"); the message names the order and what it
 * brought (the credit, the package) or why it was refused (staff's reason, or where to ask). A pending order
 * is no news: null.
 */
import type { PackageOrder } from '../../shared/api/admin-pricing.js';
import type { CustomerOrder } from '../../shared/api/profile.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import { iqdAmount } from './offerView.js';

export type OrderNoticeData = { kind: 'offer_order'; order: CustomerOrder } | { kind: 'package_order'; order: PackageOrder };

export interface OrderNotice {
  type: 'status_change';
  tone: 'positive' | 'negative';
  title: UiMessage;
  message: UiMessage;
  data: OrderNoticeData;
}

/** Tells the customer of a decided order (the store feature hands it to the notifications feature). */
export type AnnounceOrder = (notice: OrderNotice) => void;

function rejected(name: string, reason: string | null): UiMessage {
  const why = reason?.trim();
  return why ? { key: 'orders.notice.reason', values: { name, reason: why } } : { key: 'orders.notice.noReason', values: { name } };
}

/** An offer order: approved adds its credit to the balance. */
export function offerOrderNotice(order: CustomerOrder): OrderNotice | null {
  const data: OrderNoticeData = { kind: 'offer_order', order };
  if (order.status === 'approved') {
    return {
      type: 'status_change',
      tone: 'positive',
      title: { key: 'orders.notice.approved' },
      message: { key: 'orders.notice.credit', values: { name: order.offerName, credit: iqdAmount(order.credit) } },
      data,
    };
  }
  if (order.status === 'rejected') {
    return { type: 'status_change', tone: 'negative', title: { key: 'orders.notice.rejected' }, message: rejected(order.offerName, order.rejectReason), data };
  }
  return null;
}

/** A package order: approved makes the package the customer's. */
export function packageOrderNotice(order: PackageOrder): OrderNotice | null {
  const data: OrderNoticeData = { kind: 'package_order', order };
  if (order.status === 'approved') {
    return { type: 'status_change', tone: 'positive', title: { key: 'orders.notice.approved' }, message: { key: 'orders.notice.package', values: { name: order.packageName } }, data };
  }
  if (order.status === 'rejected') {
    return { type: 'status_change', tone: 'negative', title: { key: 'orders.notice.rejected' }, message: rejected(order.packageName, order.rejectReason), data };
  }
  return null;
}
