/** Offers as the tab reads them. */
import { createStore } from 'zustand/vanilla';
import type { AdminOffer } from '../../../shared/api/admin-store.js';
import { idle, type ActState } from '../../core/act.js';

export interface OffersState extends ActState {
  offers: AdminOffer[];
}

export const createOffersStore = () => createStore<OffersState>(() => ({ ...idle, offers: [] }));
