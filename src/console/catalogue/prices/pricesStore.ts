/** The price list as the Prices tab reads it, and the problems of the last Save by field (issue 26). */
import { createStore } from 'zustand/vanilla';
import type { PricingView } from '../../../shared/api/admin-pricing.js';
import { idle, type ActState } from '../../core/act.js';
import type { FieldProblems } from './priceForm.js';

export interface PricesState extends ActState {
  view: PricingView | null;
  /** What stopped the last Save, at each field (the form's own checks or the server's 400). */
  problems: FieldProblems;
}

export const createPricesStore = () => createStore<PricesState>(() => ({ ...idle, view: null, problems: {} }));
