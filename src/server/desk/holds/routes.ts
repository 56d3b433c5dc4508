/** Holds: parse → one service call → answer (the room is refreshed after a change). */
import type { FastifyInstance } from 'fastify';
import { createHold, holdList, releaseHold } from '../../../shared/api/routes.js';
import { signedIn } from '../../authority/caller.js';
import type { ServerContext } from '../../context.js';
import { registerRoute } from '../../http/route.js';
import { createHolds, listHolds, releaseHoldNow } from './service.js';

export function registerHoldRoutes(app: FastifyInstance, ctx: ServerContext, changed: () => void): void {
  registerRoute(app, ctx, holdList, () => listHolds(ctx));
  registerRoute(app, ctx, createHold, async ({ body, caller }) => {
    const holds = await createHolds(ctx, body, signedIn(caller).username);
    changed();
    return holds;
  });
  registerRoute(app, ctx, releaseHold, async ({ params }) => {
    const hold = await releaseHoldNow(ctx, params.id);
    changed();
    return hold;
  });
}
