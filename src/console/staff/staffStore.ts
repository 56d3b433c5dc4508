/** Staff accounts as the screen reads them, and what the last action did. */
import { createStore } from 'zustand/vanilla';
import type { StaffAccount } from '../../shared/api/console.js';

export interface StaffState {
  accounts: StaffAccount[];
  error: string | null;
  /** What the last action did, for the status line. */
  notice: { key: 'disabled' | 'enabled' | 'password' | 'totp'; username: string } | null;
}

export const createStaffStore = () => createStore<StaffState>(() => ({ accounts: [], error: null, notice: null }));
export type StaffStore = ReturnType<typeof createStaffStore>;
