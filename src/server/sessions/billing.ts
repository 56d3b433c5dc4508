/**
 * Billing arithmetic. A session is charged per whole minute of clock time at
 * the hourly rate its station group had when it started; a partial minute is
 * carried to the next charge (and is free if the session ends first).
 * Amounts are whole IQD, rounded on the running total so that an hour always
 * costs exactly the hourly rate. Free time (protected_balance) is spent
 * first, then the paid balance.
 */
import { minutesForBalance } from '../../shared/format.js';

export const MINUTE_MS = 60_000;
export const BILLING_TICK_MS = MINUTE_MS;

export function wholeMinutesBetween(fromIso: string, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - Date.parse(fromIso)) / MINUTE_MS));
}

export interface Wallet {
  balance: number;
  protectedBalance: number;
}

export interface Charge {
  amount: number;
  wallet: Wallet;
}

/** Charge `minutes` more minutes, given what the session was charged so far. */
export function charge(
  hourlyRate: number,
  billedMinutes: number,
  amountCharged: number,
  minutes: number,
  wallet: Wallet,
): Charge {
  const due = Math.round((hourlyRate * (billedMinutes + minutes)) / 60) - amountCharged;
  const amount = Math.max(0, Math.min(due, wallet.balance + wallet.protectedBalance));
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

/** Minutes the wallet still buys; null when the session is free (rate 0). */
export function remainingForWallet(wallet: Wallet, hourlyRate: number): number | null {
  return minutesForBalance(usable(wallet), hourlyRate);
}
