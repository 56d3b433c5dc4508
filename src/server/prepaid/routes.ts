/** SPEC §7 prepaid cards: redeem for the signed-in user, or for a username before login. */
import type { FastifyInstance } from 'fastify';
import { redeemPrepaid, redeemPrepaidWithUsername } from '../../shared/api/routes.js';
import { refuseDisabled, signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { badRequest } from '../base/errors.js';
import { BUDGETS } from '../http/budgets.js';
import { registerRoute } from '../http/route.js';
import { findUserById, findUserByUsername } from '../users/profile.js';
import { redeemCard } from './service.js';

export { INVALID_CARD } from './service.js';

export const UNKNOWN_USER = 'User not found';

const TOO_MANY = 'Too many card codes tried.';

export function registerPrepaidRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, redeemPrepaidWithUsername, async ({ body, request, station }) => {
    const source = station ? `station:${station.id}` : request.ip;
    await ctx.budgets.take(BUDGETS.redeemIp, source, TOO_MANY);
    // Per PC and name, not per name alone: a stranger's guesses for a name hold back the stranger's PC, never the
    // customer at their own (the codes carry 60 bits: the per-PC budget is what stops guessing).
    await ctx.budgets.take(BUDGETS.redeemUser, `${source}|${body.username.trim().toLowerCase()}`, TOO_MANY);
    const user = await findUserByUsername(ctx.db, body.username);
    if (!user) throw badRequest(UNKNOWN_USER);
    // The card is not spent on an account that cannot sign in (issue 15).
    refuseDisabled(user);
    return redeemCard(ctx, user.id, body.code);
  });

  registerRoute(app, ctx, redeemPrepaid, async ({ body, caller, request }) => {
    const me = signedIn(caller);
    await ctx.budgets.take(BUDGETS.redeemIp, request.ip, TOO_MANY);
    await ctx.budgets.take(BUDGETS.redeemUser, me.userId, TOO_MANY);
    const user = await findUserById(ctx.db, me.userId);
    if (!user) throw badRequest(UNKNOWN_USER);
    return redeemCard(ctx, user.id, body.code);
  });
}
