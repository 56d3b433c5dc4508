/** Kysely tables: the price lists, the packages customers hold, what play was billed as (migration 0016_pricing). */

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
}
