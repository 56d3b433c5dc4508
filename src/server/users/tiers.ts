/** Membership tiers by level (SPEC §3 Tier). Guests and staff have none. */
import type { Tier } from '../../shared/entities.js';

const TIERS: { minLevel: number; tier: Tier }[] = [
  {
    minLevel: 6,
    tier: {
      name: 'Gold',
      xpMultiplier: 1.5,
      rewardMultiplier: 1.25,
      canEarnRewards: true,
      hasNfcAccess: true,
      canReserveStations: true,
      maxReservationHours: 3,
      description: 'Our regulars: faster XP, bigger rewards and station reservations.',
    },
  },
  {
    minLevel: 3,
    tier: {
      name: 'Silver',
      xpMultiplier: 1.25,
      rewardMultiplier: 1.1,
      canEarnRewards: true,
      hasNfcAccess: true,
      canReserveStations: false,
      maxReservationHours: 0,
      description: 'More XP per hour and NFC card login.',
    },
  },
  {
    minLevel: 1,
    tier: {
      name: 'Bronze',
      xpMultiplier: 1,
      rewardMultiplier: 1,
      canEarnRewards: true,
      hasNfcAccess: false,
      canReserveStations: false,
      maxReservationHours: 0,
      description: 'Every member starts here.',
    },
  },
];

export function tierFor(type: string, level: number): Tier | null {
  if (type !== 'regular' && type !== 'vip') return null;
  return TIERS.find((t) => level >= t.minLevel)?.tier ?? null;
}
