/** The operator surface for tiers (issue 13; `npm run cafe -- tiers`): staff add, change and remove them. */
import type { FastifyInstance } from 'fastify';
import { adminCreateTier, adminDeleteTier, adminTiers, adminUpdateTier, type AdminTier } from '../../shared/api/routes.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import { bool } from '../db/tables/columns.js';
import { conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
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

export function registerTierAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, adminTiers, async () => (await listTiers(db)).map(adminTier));

  registerRoute(app, ctx, adminCreateTier, async ({ body }) => {
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
    await unique(() => db.insertInto('tiers').values(row).execute());
    return adminTier(row);
  });

  registerRoute(app, ctx, adminUpdateTier, async ({ params, body }) => {
    const old = await db.selectFrom('tiers').selectAll().where('id', '=', params.id).executeTakeFirst();
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
    const { id, ...changes } = row;
    await unique(() => db.updateTable('tiers').set(changes).where('id', '=', id).execute());
    return adminTier(row);
  });

  registerRoute(app, ctx, adminDeleteTier, async ({ params }) => {
    const done = await db.deleteFrom('tiers').where('id', '=', params.id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw notFound('No such tier.');
    return { success: true, message: 'Tier removed: its members fall to the tier below.' };
  });
}
