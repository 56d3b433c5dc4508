/**
 * SPEC §7 rewards: GET /rewards/user/progress, POST /rewards/claim,
 * POST /rewards/events/claim, GET /rewards/tiers. The user is the token's;
 * guests have no rewards (403).
 */
import type { FastifyInstance } from 'fastify';
import { claimEventReward, claimReward as claimRewardRoute, rewardsProgress, rewardTiers } from '../../shared/api/routes.js';
import { isGuestUser, signedIn, type Caller } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { forbidden, unauthorized } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { tierDto, listTiers } from '../tiers/tiers.js';
import { findUser } from './repo.js';
import { claimReward, progressFor } from './rewards.js';

export const GUESTS_NO_REWARDS = 'Guests cannot earn rewards.';

async function member(ctx: ServerContext, caller: Caller | null) {
  const me = signedIn(caller);
  const user = await findUser(ctx.db, me.userId);
  if (!user) throw unauthorized('The account for this token no longer exists.');
  if (isGuestUser(user)) throw forbidden(GUESTS_NO_REWARDS);
  return user;
}

export function registerRewardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, rewardsProgress, async ({ caller }) => progressFor(db, clock, await member(ctx, caller)));

  registerRoute(app, ctx, claimRewardRoute, async ({ body, caller }) => {
    const user = await member(ctx, caller);
    ctx.inbox.claimCreated(await claimReward(db, clock, user.id, body.rewardId, 'standard'));
    return { success: true, message: 'Reward claimed successfully!' };
  });

  registerRoute(app, ctx, claimEventReward, async ({ body, caller }) => {
    const user = await member(ctx, caller);
    ctx.inbox.claimCreated(await claimReward(db, clock, user.id, body.eventRewardId, 'event'));
    return { success: true, message: 'Event reward claimed successfully!' };
  });

  registerRoute(app, ctx, rewardTiers, async ({ caller }) => {
    signedIn(caller);
    return (await listTiers(db)).map(tierDto);
  });
}
