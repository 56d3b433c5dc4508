/** Customers as the screen reads them: the search, the open account with its ledger, the last money change. */
import { createStore } from 'zustand/vanilla';
import type { Customer, LedgerLine } from '../../shared/api/console.js';

export interface CustomersState {
  query: string;
  results: Customer[];
  detail: { customer: Customer; ledger: LedgerLine[]; sessions: number; cards: number } | null;
  /** The last completed money change: the new balance. */
  done: number | null;
  error: string | null;
  busy: boolean;
}

export const createCustomersStore = () => createStore<CustomersState>(() => ({ query: '', results: [], detail: null, done: null, error: null, busy: false }));
export type CustomersStore = ReturnType<typeof createCustomersStore>;
