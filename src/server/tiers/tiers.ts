/**
 * Membership tiers (SPEC §3 Tier, §6 "Tier controls rewards earning, NFC
 * access and station reservation"): rows staff manage (`tiers`), never code.
 * A member is in the tier with the highest `min_level` their level reaches;
 * guests and staff have none.
 */
import type { Tier } from '../../shared/entities.js';
import type { Db, TierTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

export type TierRow = Selectable<TierTable>;

/** The tiers a fresh cafe starts with (staff change them with `npm run cafe -- tiers …`). */
export const DEFAULT_TIERS: ReadonlyArray<Omit<TierRow, 'id' | 'created_at' | 'updated_at'>> = [
  {
    name: 'Bronze',
    min_level: 1,
    xp_multiplier_pct: 100,
    reward_multiplier_pct: 100,
    can_earn_rewards: 1,
    has_nfc_access: 0,
    can_reserve_stations: 0,
    max_reservation_hours: 0,
    description: 'Every member starts here.',
  },
  {
    name: 'Silver',
    min_level: 3,
    xp_multiplier_pct: 125,
    reward_multiplier_pct: 110,
    can_earn_rewards: 1,
    has_nfc_access: 1,
    can_reserve_stations: 0,
    max_reservation_hours: 0,
    description: 'More XP per hour and NFC card login.',
  },
  {
    name: 'Gold',
    min_level: 6,
    xp_multiplier_pct: 150,
    reward_multiplier_pct: 125,
    can_earn_rewards: 1,
    has_nfc_access: 1,
    can_reserve_stations: 1,
    max_reservation_hours: 3,
    description: 'Our regulars: faster XP, bigger rewards and station reservations.',
  },
];

export function tierDto(row: TierRow): Tier {
  return {
    name: row.name,
    xpMultiplier: row.xp_multiplier_pct / 100,
    rewardMultiplier: row.reward_multiplier_pct / 100,
    canEarnRewards: row.can_earn_rewards === 1,
    hasNfcAccess: row.has_nfc_access === 1,
    canReserveStations: row.can_reserve_stations === 1,
    maxReservationHours: row.max_reservation_hours,
    description: row.description,
  };
}

/** Only paying members have a tier. */
export const hasTier = (type: string) => type === 'regular' || type === 'vip';

export async function tierRowFor(db: Db, user: { type: string; level: number }): Promise<TierRow | null> {
  if (!hasTier(user.type)) return null;
  const row = await db
    .selectFrom('tiers')
    .selectAll()
    .where('min_level', '<=', user.level)
    .orderBy('min_level', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The user's tier as the contract shows it, or null (guests, staff, a level below every tier). */
export async function tierFor(db: Db, user: { type: string; level: number }): Promise<Tier | null> {
  const row = await tierRowFor(db, user);
  return row ? tierDto(row) : null;
}

export function listTiers(db: Db): Promise<TierRow[]> {
  return db.selectFrom('tiers').selectAll().orderBy('min_level').execute();
}
