/** Demo rewards and event rewards (issue 13), seeded with the demo cafe; tiers and levels come from tiers/defaults.ts. */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export const DEMO_REWARDS = [
  { id: 'rwd_demo_drink', name: 'Free energy drink', description: 'One can from the counter fridge.', required_xp: 1000 },
  { id: 'rwd_demo_hour', name: 'One hour of play', description: 'An hour on any standard PC.', required_xp: 3000 },
  { id: 'rwd_demo_headset', name: 'Headset upgrade', description: 'A pro headset for your next session.', required_xp: 8000 },
  { id: 'rwd_demo_vip', name: 'VIP room night', description: 'Five hours in the VIP room.', required_xp: 20000 },
] as const;

export const DEMO_EVENT_REWARD = {
  id: 'rwd_demo_weekend',
  name: 'Weekend warrior',
  description: 'Play this weekend, take a snack on the house.',
  required_xp: 500,
  benefit: 'Free snack',
};

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedProfileDemo(trx: Transaction<Database>, now: string): Promise<void> {
  const ends = new Date(Date.parse(now) + 30 * DAY_MS).toISOString();
  await trx
    .insertInto('rewards')
    .values([
      ...DEMO_REWARDS.map((r) => ({ ...r, kind: 'standard' as const, benefit: null, starts_at: null, ends_at: null, is_active: 1 as const, created_at: now, updated_at: now })),
      { ...DEMO_EVENT_REWARD, kind: 'event' as const, starts_at: now, ends_at: ends, is_active: 1 as const, created_at: now, updated_at: now },
    ])
    .execute();
}
