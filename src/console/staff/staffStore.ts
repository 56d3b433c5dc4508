/** Staff accounts as the screen reads them, and what the last action did. */
import { createStore } from 'zustand/vanilla';
import type { StaffAccount } from '../../shared/api/console.js';

export interface StaffState {
  accounts: StaffAccount[];
  error: string | null;
  /** What the last action did, for the status line. */
  notice: { key: 'disabled' | 'enabled' | 'password' | 'totp'; username: string } | null;
  /** A one-time set-up code just issued for an owner's authenticator (shown once, to hand over). */
  setupCode: { username: string; code: string; expiresAt: string } | null;
}

export const createStaffStore = () => createStore<StaffState>(() => ({ accounts: [], error: null, notice: null, setupCode: null }));
export type StaffStore = ReturnType<typeof createStaffStore>;
