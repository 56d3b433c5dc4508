/** The inbox's own routes: parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { claimAcknowledge, flagAcknowledge, orderAcknowledge } from '../../../shared/api/routes.js';
import { signedIn } from '../../authority/caller.js';
import type { ServerContext } from '../../context.js';
import { registerRoute } from '../../http/route.js';
import { takeFlaggedAccount, takeRewardClaim, takeWaitingOrder } from './service.js';

export function registerInboxRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, claimAcknowledge, ({ params, caller }) => takeRewardClaim(ctx, params.id, signedIn(caller).username));
  registerRoute(app, ctx, orderAcknowledge, ({ params, caller }) => takeWaitingOrder(ctx, params.id, signedIn(caller).username));
  registerRoute(app, ctx, flagAcknowledge, ({ params, caller }) => takeFlaggedAccount(ctx, params.id, signedIn(caller).username));
}
