/**
 * Tiers and rewards, as `npm run cafe -- tiers|rewards|claims`: edit a tier's
 * threshold and perks, add a reward or an event reward, activate or
 * deactivate one; hand over a claimed reward or cancel the claim (its XP returns).
 */
import {
  adminCancelClaim,
  adminClaims,
  adminCreateReward,
  adminDeliverClaim,
  adminRewards,
  adminTiers,
  adminUpdateReward,
  adminUpdateTier,
  type AdminTier,
} from '../../../shared/api/admin-profile.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createLoyaltyStore } from './loyaltyStore.js';

export type TierChange = Partial<Omit<AdminTier, 'id'>>;

export interface NewReward {
  kind: 'standard' | 'event';
  name: string;
  description: string;
  requiredXp: number;
  benefit: string;
  /** An event reward's end, YYYY-MM-DDTHH:mm in the desk's time (the date-and-time field's value), '' for none. */
  endsAt: string;
}

export class LoyaltyService {
  readonly store = createLoyaltyStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      const [tiers, rewards, claims] = await Promise.all([this.http.call(adminTiers), this.http.call(adminRewards), this.http.call(adminClaims)]);
      this.store.setState({ tiers, rewards, claims });
    });

  updateTier = (id: string, change: TierChange) =>
    act(this.store, async () => {
      const tier = await this.http.call(adminUpdateTier, { params: { id }, body: change });
      this.store.setState({ tiers: this.store.getState().tiers.map((t) => (t.id === id ? tier : t)), notice: tier.name });
    });

  addReward = (input: NewReward) =>
    act(this.store, async () => {
      const body = {
        kind: input.kind,
        name: input.name.trim(),
        description: input.description.trim(),
        requiredXp: input.requiredXp,
        ...(input.kind === 'event' ? { benefit: input.benefit.trim() || null, endsAt: input.endsAt ? new Date(input.endsAt).toISOString() : null } : {}),
      };
      const reward = await this.http.call(adminCreateReward, { body });
      this.store.setState({ rewards: await this.http.call(adminRewards), notice: reward.name });
    });

  setRewardActive = (id: string, active: boolean) =>
    act(this.store, async () => {
      const reward = await this.http.call(adminUpdateReward, { params: { id }, body: { active } });
      this.store.setState({ rewards: this.store.getState().rewards.map((r) => (r.id === id ? reward : r)) });
    });

  claim = (id: string, action: 'deliver' | 'cancel') =>
    act(this.store, async () => {
      await this.http.call(action === 'deliver' ? adminDeliverClaim : adminCancelClaim, { params: { id } });
      this.store.setState({ claims: await this.http.call(adminClaims) });
    });
}
