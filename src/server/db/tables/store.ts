/** Tables of migration 0005 (the dashboard: service calls, offers, orders, the balance ledger). */
import type { ColumnType, Generated } from 'kysely';
import type { Bool } from './columns.js';
import type { BalanceLedgerConsoleColumns } from './console.js';
import type { BalanceLedgerWalletColumns } from './wallet.js';

export interface ServiceCallTable {
  id: Generated<number>;
  type: 'waiter' | 'technical';
  station_id: string;
  user_id: string;
  session_id: string | null;
  is_guest: Bool;
  message: string;
  status: Generated<'open' | 'acknowledged' | 'resolved'>;
  created_at: string;
  acknowledged_at: string | null;
  /** Username of the staff member. */
  acknowledged_by: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
}

export interface OfferTable {
  id: string;
  name: string;
  description: string;
  offer_type: 'fixed_amount_discount' | 'percentage_discount' | 'credit_bonus';
  /** Whole IQD. */
  minimum_purchase: number;
  discount_amount: number | null;
  discount_percentage: number | null;
  maximum_discount: number | null;
  is_active: Bool;
  created_at: string;
  updated_at: string;
}

export interface OfferOrderTable {
  id: Generated<number>;
  offer_id: string;
  /** The offer's name and type when it was ordered (staff may edit the offer later). */
  offer_name: string;
  offer_type: OfferTable['offer_type'];
  user_id: string;
  station_id: string | null;
  session_id: string | null;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  /** IQD the customer pays, and IQD approval credits: fixed when ordered (src/shared/offers.ts). */
  price: number;
  credit: number;
  created_at: string;
  decided_at: string | null;
  /** Username of the staff member. */
  decided_by: string | null;
  reject_reason: string | null;
  /** Taken ("on my way") by this staff member (username) before it is decided (0021_order_take). */
  taken_by: ColumnType<string | null, string | null | undefined, string | null>;
  taken_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BalanceLedgerTable extends BalanceLedgerConsoleColumns, BalanceLedgerWalletColumns {
  id: Generated<number>;
  user_id: string;
  /** IQD added (negative: taken). */
  amount: number;
  reason: string;
  order_id: number | null;
  staff_user_id: string | null;
  created_at: string;
}

export interface StoreTables {
  service_calls: ServiceCallTable;
  offers: OfferTable;
  offer_orders: OfferOrderTable;
  balance_ledger: BalanceLedgerTable;
}
