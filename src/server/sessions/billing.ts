/**
 * Billing arithmetic, by the second. A session owes `rate × time played`
 * at the hourly rate its station group had when it started. While it runs,
 * whole IQD are charged as they accrue (rounded down, so nothing is charged
 * ahead); when it ends, its total is rounded up to the whole IQD — so every
 * started session costs what it ran, and logging in again every 55 s costs
 * 55 s each time. Free time (protected_balance) is spent first, then the paid
 * balance; a charge never takes a wallet below zero (the session is ended
 * at the instant the money runs out instead).
 */
import { minutesForBalance } from '../../shared/format.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const BILLING_TICK_MS = MINUTE_MS;

export interface Wallet {
  balance: number;
  protectedBalance: number;
}

export interface Charge {
  amount: number;
  wallet: Wallet;
}

/** What `playedMs` of play costs in total: rounded down while running, up at the end. */
export function owedFor(hourlyRate: number, playedMs: number, final: boolean): number {
  const exact = (hourlyRate * playedMs) / HOUR_MS;
  // The epsilon keeps float noise (110.00000000001) from costing a whole IQD.
  return Math.max(0, final ? Math.ceil(exact - 1e-7) : Math.floor(exact + 1e-7));
}

/** Charge what is owed beyond what was charged, never more than the wallet holds. */
export function charge(owed: number, amountCharged: number, wallet: Wallet): Charge {
  const amount = Math.max(0, Math.min(owed - amountCharged, wallet.balance + wallet.protectedBalance));
  const fromProtected = Math.min(amount, wallet.protectedBalance);
  return {
    amount,
    wallet: {
      protectedBalance: wallet.protectedBalance - fromProtected,
      balance: wallet.balance - (amount - fromProtected),
    },
  };
}

export function usable(wallet: Wallet): number {
  return wallet.balance + wallet.protectedBalance;
}

/** Play time the wallet still buys, in ms; null when the session is free (rate 0). */
export function msLeft(hourlyRate: number, playedMs: number, amountCharged: number, wallet: Wallet): number | null {
  if (hourlyRate <= 0) return null;
  return Math.max(0, ((amountCharged + usable(wallet)) * HOUR_MS) / hourlyRate - playedMs);
}

/** Minutes the wallet still buys; null when the session is free (rate 0). */
export function remainingForWallet(wallet: Wallet, hourlyRate: number): number | null {
  return minutesForBalance(usable(wallet), hourlyRate);
}
