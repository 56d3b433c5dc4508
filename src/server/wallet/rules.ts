/**
 * The wallet's pure rules (issue 21): which movements are staff money (they
 * belong to a shift), when a credit clears the top-up requirement, and the
 * owner's limits. No database here.
 */
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { walletText, type WalletErrorCode } from '../../shared/wallet.js';

/** Every kind of line the ledger holds. */
export const MONEY_KINDS = [
  'top_up', // cash or card at the counter
  'refund', // cash handed back (negative)
  'free_time', // free balance granted by staff
  'adjustment', // an operator's correction (the admin API, the CLI)
  'offer_order', // an approved order: the customer paid at the counter
  'prepaid', // a prepaid card redeemed
  'session', // billing: time played (negative)
  'opening', // a balance that predates the ledger (migration 0013, seeding)
  'package_sale', // a package paid for at the counter, cash or card (issue 26): credited, then taken by 'package'
  'package', // a package bought (negative): from the balance, or what 'package_sale' just credited
  'prepaid_sale', // prepaid cards sold at the counter, cash or card (issue 23): credited to the cafe's prepaid float
  'prepaid_redeemed', // a sold card redeemed (negative): its value leaves the float as the customer's 'prepaid' line credits it
] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/** Which balance a line moves: users.balance or users.protected_balance. */
export type Bucket = 'paid' | 'free';

/** Money staff move by hand: it belongs to the open shift, or waits for the next one (unattended). */
export const STAFF_KINDS: readonly MoneyKind[] = ['top_up', 'refund', 'free_time', 'adjustment', 'offer_order', 'package_sale', 'prepaid_sale'];

/**
 * The cafe's prepaid float (issue 23): the account that holds the value of prepaid cards sold and not yet redeemed.
 * A sale credits it (money taken, once); redeeming a sold card moves that value to the customer (no money taken).
 * Not a person: no password, disabled, and of the account class 'guest' (the users table allows no other class), so it
 * is never a customer, never a member, never staff; its name is one no one can register.
 */
export const PREPAID_FLOAT = { id: 'usr_cafe_prepaid_float', username: 'cafe.prepaid-float', type: 'guest' } as const;

export function isStaffMoney(kind: MoneyKind): boolean {
  return STAFF_KINDS.includes(kind);
}

/** A credit that brings the usable balance to the minimum clears the operator's top-up requirement. */
export function clearsTopUpRequirement(amount: number, balance: number, protectedBalance: number): boolean {
  return amount > 0 && balance + protectedBalance >= MIN_BALANCE_TO_PROCEED_IQD;
}

export interface WalletLimits {
  /** The most one staff movement may move (either way), IQD. */
  actionMax: number;
  /** The most staff may credit in one shift (or while none is open), IQD. */
  shiftMax: number;
}

/** Until the owner sets them: at most 1,000,000 IQD per movement, 20,000,000 IQD credited per shift. */
export const DEFAULT_LIMITS: WalletLimits = { actionMax: 1_000_000, shiftMax: 20_000_000 };

export interface LimitRefusal {
  code: WalletErrorCode;
  limit: number;
  message: string;
}

/**
 * Whether the owner's limits refuse a staff movement of `amount` (signed)
 * when the shift has credited `creditedInShift` so far.
 */
export function limitRefusal(limits: WalletLimits, amount: number, creditedInShift: number): LimitRefusal | null {
  if (Math.abs(amount) > limits.actionMax) {
    return { code: 'wallet.actionLimit', limit: limits.actionMax, message: walletText('en', 'wallet.actionLimit', limits.actionMax) };
  }
  if (amount > 0 && creditedInShift + amount > limits.shiftMax) {
    return { code: 'wallet.shiftLimit', limit: limits.shiftMax, message: walletText('en', 'wallet.shiftLimit', limits.shiftMax) };
  }
  return null;
}

/** How a balance and its lines disagree (verify-ledger): null when they agree. */
export function ledgerMismatch(
  balances: { balance: number; protectedBalance: number },
  sums: { paid: number; free: number },
): { paid: number; free: number } | null {
  const paid = balances.balance - sums.paid;
  const free = balances.protectedBalance - sums.free;
  return paid === 0 && free === 0 ? null : { paid, free };
}
