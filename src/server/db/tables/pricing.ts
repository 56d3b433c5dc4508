/** Kysely tables: the price lists, the packages customers hold, what play was billed as (migration 0016_pricing). */

import type { Generated } from 'kysely';

export interface PriceListTable {
  id: string;
  /** JSON of a PriceList (src/shared/pricing). The newest row is in force. */
  body: string;
  created_at: string;
  created_by: string | null;
}

export interface CustomerPackageTable {
  id: string;
  user_id: string;
  /** The package sold (the price list's id for it). */
  package_id: string;
  kind: 'time' | 'window';
  name: string;
  /** JSON array of group ids; null: every group. */
  group_ids: string | null;
  valid_from: string;
  valid_until: string;
  /** Time packages: play time left, ms; null for a window package. */
  ms_left: number | null;
  price: number;
  sold_at: string;
  sold_by: string | null;
  method: 'cash' | 'card' | 'balance' | 'order';
  shift_id: string | null;
}

/** A package a customer ordered at a station for the desk to approve (issue 26). */
export interface PackageOrderTable {
  id: Generated<number>;
  package_id: string;
  /** The package's name when ordered (the owner may rename it later). */
  package_name: string;
  user_id: string;
  station_id: string | null;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  /** IQD paid at the counter, fixed when ordered. */
  price: number;
  created_at: string;
  decided_at: string | null;
  /** Username of the staff member. */
  decided_by: string | null;
  reject_reason: string | null;
  method: 'cash' | 'card' | null;
  /** The package given on approval. */
  customer_package_id: string | null;
  /** Username of the staff member who took it ("on my way"), and when (0026). */
  taken_by: string | null;
  taken_at: string | null;
}

/** One stretch of billed play by what it was billed as (the reports' split). */
export interface PlayChargeTable {
  id: string;
  session_id: string;
  user_id: string;
  station_id: string;
  group_id: string | null;
  at: string;
  source: 'plain' | 'period' | 'package';
  source_id: string | null;
  ms: number;
  iqd: number;
}

export interface PricingTables {
  price_lists: PriceListTable;
  customer_packages: CustomerPackageTable;
  play_charges: PlayChargeTable;
  package_orders: PackageOrderTable;
}
