/** The operator surface for tiers (issue 13; `npm run cafe -- tiers`): parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { adminCreateTier, adminDeleteTier, adminTiers, adminUpdateTier } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { TierService } from './service.js';

export { adminTier, TIER_TAKEN } from './service.js';

export function registerTierAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tiers = new TierService({ db: ctx.db, clock: ctx.clock });
  registerRoute(app, ctx, adminTiers, () => tiers.list());
  registerRoute(app, ctx, adminCreateTier, ({ body }) => tiers.create(body));
  registerRoute(app, ctx, adminUpdateTier, ({ params, body }) => tiers.update(params.id, body));
  registerRoute(app, ctx, adminDeleteTier, ({ params }) => tiers.remove(params.id));
}
