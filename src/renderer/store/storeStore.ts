/** SPEC §2 store: the offers on sale and the order being placed. */
import { create } from 'zustand';
import type { CustomerOrder } from '../../shared/api/profile.js';
import type { Offer } from '../../shared/entities.js';

export interface StoreState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  offers: Offer[];
  /** The offer whose 'Confirm Order' dialog is open. */
  confirming: Offer | null;
  ordering: boolean;
  /** The customer's own orders, pending and lately decided (issue 23; our server only: empty against another). */
  myOrders: CustomerOrder[];
}

export const INITIAL_STORE_STATE: StoreState = { status: 'idle', offers: [], confirming: null, ordering: false, myOrders: [] };

export const useOffersStore = create<StoreState>()(() => ({ ...INITIAL_STORE_STATE }));

export type OffersStore = typeof useOffersStore;
