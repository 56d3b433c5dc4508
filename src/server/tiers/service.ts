/** The tiers staff manage (issue 13; domain shape since issue 21): add, change, remove; a taken name or level is 409. */
import type { AdminTier, adminCreateTier, adminUpdateTier } from '../../shared/api/routes.js';
import type { RouteBody } from '../../shared/api/route.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { Db } from '../db/schema.js';
import { bool } from '../db/tables/columns.js';
import { conflict, notFound } from '../base/errors.js';
import { deleteTier, findTier, insertTier, updateTier } from './repo.js';
import { listTiers, tierDto, type TierRow } from './tiers.js';

export const TIER_TAKEN = 'Another tier already has this name or minimum level.';

const pct = (multiplier: number) => Math.round(multiplier * 100);

/** The SPEC's tier plus what staff edit it by. */
export const adminTier = (t: TierRow): AdminTier => ({ id: t.id, minLevel: t.min_level, ...tierDto(t) });

/** A unique name or minimum level already in use answers 409, not 500. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Error && /unique|duplicate/i.test(error.message)) throw conflict(TIER_TAKEN);
    throw error;
  }
}

export class TierService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(): Promise<AdminTier[]> {
    return (await listTiers(this.deps.db)).map(adminTier);
  }

  async create(body: RouteBody<typeof adminCreateTier>): Promise<AdminTier> {
    const { db, clock } = this.deps;
    const now = isoNow(clock);
    const row: TierRow = {
      id: newId('tier'),
      name: body.name,
      min_level: body.minLevel,
      xp_multiplier_pct: pct(body.xpMultiplier),
      reward_multiplier_pct: Math.max(1, pct(body.rewardMultiplier)),
      can_earn_rewards: bool(body.canEarnRewards),
      has_nfc_access: bool(body.hasNfcAccess),
      can_reserve_stations: bool(body.canReserveStations),
      max_reservation_hours: body.maxReservationHours,
      description: body.description ?? '',
      created_at: now,
      updated_at: now,
    };
    await unique(() => insertTier(db, row));
    return adminTier(row);
  }

  async update(id: string, body: RouteBody<typeof adminUpdateTier>): Promise<AdminTier> {
    const { db, clock } = this.deps;
    const old = await findTier(db, id);
    if (!old) throw notFound('No such tier.');
    const row: TierRow = {
      ...old,
      name: body.name ?? old.name,
      min_level: body.minLevel ?? old.min_level,
      xp_multiplier_pct: body.xpMultiplier === undefined ? old.xp_multiplier_pct : pct(body.xpMultiplier),
      reward_multiplier_pct: body.rewardMultiplier === undefined ? old.reward_multiplier_pct : Math.max(1, pct(body.rewardMultiplier)),
      can_earn_rewards: body.canEarnRewards === undefined ? old.can_earn_rewards : bool(body.canEarnRewards),
      has_nfc_access: body.hasNfcAccess === undefined ? old.has_nfc_access : bool(body.hasNfcAccess),
      can_reserve_stations: body.canReserveStations === undefined ? old.can_reserve_stations : bool(body.canReserveStations),
      max_reservation_hours: body.maxReservationHours ?? old.max_reservation_hours,
      description: body.description ?? old.description,
      updated_at: isoNow(clock),
    };
    await unique(() => updateTier(db, row));
    return adminTier(row);
  }

  async remove(id: string): Promise<{ success: true; message: string }> {
    if (!(await deleteTier(this.deps.db, id))) throw notFound('No such tier.');
    return { success: true, message: 'Tier removed: its members fall to the tier below.' };
  }
}
