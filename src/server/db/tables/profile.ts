/** Kysely tables: levels, tiers, rewards and claims, XP awards, prepaid batches, Steam sign-in nonces (migration 0006_profile). */
import type { Bool } from './columns.js';
import type { RewardClaimDeskColumns } from './desk.js';

/** The level table: a user is at the highest level whose min_xp their lifetime XP reaches. */
export interface LevelTable {
  level: number;
  min_xp: number;
}

/** Membership tiers, staff-managed. Multipliers are whole percents (150 = ×1.5). */
export interface TierTable {
  id: string;
  name: string;
  /** A member is in the tier with the highest min_level their level reaches. */
  min_level: number;
  xp_multiplier_pct: number;
  reward_multiplier_pct: number;
  can_earn_rewards: Bool;
  has_nfc_access: Bool;
  can_reserve_stations: Bool;
  max_reservation_hours: number;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface RewardTable {
  id: string;
  /** 'standard' (POST /rewards/claim) or 'event' (POST /rewards/events/claim, with benefit and end date). */
  kind: 'standard' | 'event';
  name: string;
  description: string;
  required_xp: number;
  benefit: string | null;
  starts_at: string | null;
  ends_at: string | null;
  is_active: Bool;
  created_at: string;
  updated_at: string;
}

export type ClaimStatus = 'CLAIMED' | 'DELIVERED' | 'CANCELLED';

export interface RewardClaimTable extends RewardClaimDeskColumns {
  id: string;
  user_id: string;
  reward_id: string;
  reward_description: string;
  xp_spent: number;
  status: ClaimStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** One row per closed play that earned XP: a play earns once (primary key). */
export interface XpAwardTable {
  play_id: string;
  user_id: string;
  xp: number;
  created_at: string;
}

export interface PrepaidBatchTable {
  id: string;
  label: string;
  amount: number;
  card_count: number;
  created_by: string;
  created_at: string;
}

/** Steam OpenID response nonces already used (a signed answer links once). */
export interface SteamNonceTable {
  nonce: string;
  used_at: string;
}

export interface ProfileTables {
  levels: LevelTable;
  tiers: TierTable;
  rewards: RewardTable;
  reward_claims: RewardClaimTable;
  xp_awards: XpAwardTable;
  prepaid_batches: PrepaidBatchTable;
  steam_nonces: SteamNonceTable;
}
