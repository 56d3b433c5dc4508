/** Kysely tables: prepaid cards and NFC login cards. */
import type { ColumnType } from 'kysely';
import type { Bool } from './columns.js';

export interface PrepaidCardTable {
  /** SHA-256 (hex) of the code as printed (RC-XXXX-XXXX-XXXX); the code itself is shown once, at generation (0020_safety2). */
  code_hash: string;
  /** The code's last group (e.g. 0001), to tell cards apart in a list. */
  code_hint: ColumnType<string | null, string | null | undefined, string | null>;
  amount: number;
  redeemed_by: string | null;
  redeemed_at: string | null;
  created_at: string;
  /** The staff batch that generated the card (0006_profile); null for older cards. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Voided by staff (0009_catalogue): never redeemable; null: good. */
  voided_at: ColumnType<string | null, string | null | undefined, string | null>;
  voided_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Sold at the counter (0021_order_take): when, by whom (username), paid 'cash' or 'card'; null: not sold through the desk. */
  sold_at: ColumnType<string | null, string | null | undefined, string | null>;
  sold_by: ColumnType<string | null, string | null | undefined, string | null>;
  sale_method: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NfcCardTable {
  id: string;
  card_uid: string;
  user_id: string;
  nickname: string | null;
  is_active: Bool;
  created_at: string;
}

export interface CardTables {
  prepaid_cards: PrepaidCardTable;
  nfc_cards: NfcCardTable;
}
