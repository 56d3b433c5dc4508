/** Customers as the screen reads them: the search (as typed and as asked), the open account with its ledger, the last money change. */
import { createStore } from 'zustand/vanilla';
import type { Customer, LedgerLine } from '../../shared/api/console.js';

export interface CustomersState {
  /** What is in the search box. */
  text: string;
  /** The last search sent. */
  query: string;
  searching: boolean;
  results: Customer[];
  detail: { customer: Customer; ledger: LedgerLine[]; sessions: number; cards: number } | null;
  /** The station groups' hourly rates: free time is shown as the time it buys at the standard rate (issue 23). */
  rates: number[];
  /** The "new customer" form is open. */
  creating: boolean;
  /** The last completed money change: the new balance. */
  done: number | null;
  error: string | null;
  notice: string | null;
  busy: boolean;
}

export const createCustomersStore = () =>
  createStore<CustomersState>(() => ({
    text: '',
    query: '',
    searching: false,
    results: [],
    detail: null,
    rates: [],
    creating: false,
    done: null,
    error: null,
    notice: null,
    busy: false,
  }));
export type CustomersStore = ReturnType<typeof createCustomersStore>;
