/** The owner's limits on staff money, as the tab reads them. */
import { createStore } from 'zustand/vanilla';
import type { WalletLimits } from '../../../shared/api/console.js';
import { idle, type ActState } from '../../core/act.js';

export interface LimitsState extends ActState {
  limits: WalletLimits | null;
}

export const createLimitsStore = () => createStore<LimitsState>(() => ({ ...idle, limits: null }));
