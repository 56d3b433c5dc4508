/** The price list as the Prices tab reads it (issue 26). */
import { createStore } from 'zustand/vanilla';
import type { PricingView } from '../../../shared/api/admin-pricing.js';
import { idle, type ActState } from '../../core/act.js';

export interface PricesState extends ActState {
  view: PricingView | null;
}

export const createPricesStore = () => createStore<PricesState>(() => ({ ...idle, view: null }));
