/** Tiers, rewards and claims as the tab reads them. */
import { createStore } from 'zustand/vanilla';
import type { AdminClaim, AdminReward, AdminTier } from '../../../shared/api/admin-profile.js';
import { idle, type ActState } from '../../core/act.js';

export interface LoyaltyState extends ActState {
  tiers: AdminTier[];
  rewards: AdminReward[];
  claims: AdminClaim[];
}

export const createLoyaltyStore = () => createStore<LoyaltyState>(() => ({ ...idle, tiers: [], rewards: [], claims: [] }));
