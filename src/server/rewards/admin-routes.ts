/** The operator surface for rewards, event rewards and claims (issue 13; `npm run cafe -- rewards|claims`). */
import type { FastifyInstance } from 'fastify';
import {
  adminCancelClaim,
  adminClaims,
  adminCreateReward,
  adminDeliverClaim,
  adminRewards,
  adminUpdateReward,
  type AdminReward,
} from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import { badRequest, notFound } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { adminClaim, decideClaim, type ClaimRow, type RewardRow } from './rewards.js';
import { findReward, insertReward, listClaims, listRewards, updateReward } from './repo.js';

export const EVENT_NEEDS_DATES = 'An event reward needs a benefit and an end date after its start.';

const adminReward = (r: RewardRow): AdminReward => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  description: r.description,
  requiredXp: r.required_xp,
  benefit: r.benefit,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  active: r.is_active === 1,
});

function checkEvent(r: Pick<RewardRow, 'kind' | 'benefit' | 'starts_at' | 'ends_at'>): void {
  if (r.kind !== 'event') return;
  const endsAfterStart = r.ends_at !== null && (r.starts_at === null || Date.parse(r.starts_at) < Date.parse(r.ends_at));
  if (!r.benefit || !endsAfterStart) throw badRequest(EVENT_NEEDS_DATES);
}

export function registerRewardAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, adminRewards, async () =>
    (await listRewards(db)).map(adminReward),
  );

  registerRoute(app, ctx, adminCreateReward, async ({ body }) => {
    const now = isoNow(clock);
    const row: RewardRow = {
      id: newId('rwd'),
      kind: body.kind,
      name: body.name,
      description: body.description ?? '',
      required_xp: body.requiredXp,
      benefit: body.benefit ?? null,
      starts_at: body.startsAt ?? null,
      ends_at: body.endsAt ?? null,
      is_active: body.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    };
    checkEvent(row);
    await insertReward(db, row);
    return adminReward(row);
  });

  registerRoute(app, ctx, adminUpdateReward, async ({ params, body }) => {
    const old = await findReward(db, params.id);
    if (!old) throw notFound('No such reward.');
    const row: RewardRow = {
      ...old,
      name: body.name ?? old.name,
      description: body.description ?? old.description,
      required_xp: body.requiredXp ?? old.required_xp,
      benefit: body.benefit !== undefined ? body.benefit : old.benefit,
      starts_at: body.startsAt !== undefined ? body.startsAt : old.starts_at,
      ends_at: body.endsAt !== undefined ? body.endsAt : old.ends_at,
      is_active: body.active === undefined ? old.is_active : body.active ? 1 : 0,
      updated_at: isoNow(clock),
    };
    checkEvent(row);
    await updateReward(db, row);
    return adminReward(row);
  });

  registerRoute(app, ctx, adminClaims, async ({ query }) => {
    const claims = await listClaims(db, query.status ?? 'CLAIMED');
    return Promise.all(claims.map((claim) => adminClaim(db, claim)));
  });

  // The inbox on every console follows (issue 15).
  const decided = async (claim: ClaimRow) => {
    const answer = await adminClaim(db, claim);
    ctx.inbox.claimChanged(answer);
    return answer;
  };

  registerRoute(app, ctx, adminDeliverClaim, async ({ params, caller }) =>
    decided(await decideClaim(db, clock, params.id, 'DELIVERED', signedIn(caller).username)),
  );

  registerRoute(app, ctx, adminCancelClaim, async ({ params, caller }) =>
    decided(await decideClaim(db, clock, params.id, 'CANCELLED', signedIn(caller).username)),
  );
}
