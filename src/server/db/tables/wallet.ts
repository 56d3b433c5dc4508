/** The wallet's tables (issue 21, migration 0013_wallet): the ledger's new columns and the owner's limits. */
import type { Generated } from 'kysely';

/** balance_ledger: which balance a line moved, the session a charge billed, money taken with no shift open. */
export interface BalanceLedgerWalletColumns {
  /** 'paid' (users.balance) or 'free' (users.protected_balance). */
  bucket: Generated<string>;
  session_id: Generated<string | null>;
  /** 1: staff took it while no shift was open; the next shift to open adopts it (shift_id) and names it. */
  unattended: Generated<number>;
}

export interface WalletLimitsTable {
  id: string;
  action_max: number;
  shift_max: number;
  updated_by: string | null;
  updated_at: string | null;
}

export interface WalletTables {
  wallet_limits: WalletLimitsTable;
}
