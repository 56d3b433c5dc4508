/** SPEC §3 the signed-in user's account as the station shows it: type, level, xp, balance. */
import { create } from 'zustand';

export interface AccountState {
  /** 'admin', 'regular', 'guest', … when known. */
  type: string | null;
  level: number | null;
  xp: number | null;
  /** IQD the user can spend (balance plus protected balance), when known. */
  balance: number | null;
}

export const INITIAL_ACCOUNT_STATE: AccountState = { type: null, level: null, xp: null, balance: null };

export const useAccountStore = create<AccountState>()(() => ({ ...INITIAL_ACCOUNT_STATE }));

export type AccountStore = typeof useAccountStore;
