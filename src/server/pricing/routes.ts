/** The owner's price list (issue 26): parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { adminPricing, adminSetPricing } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import type { PricingService } from './service.js';

export function registerPricingRoutes(app: FastifyInstance, ctx: ServerContext, pricing: PricingService = ctx.sessions.pricing): PricingService {
  registerRoute(app, ctx, adminPricing, () => pricing.view());
  registerRoute(app, ctx, adminSetPricing, ({ body, caller }) => pricing.replace(body, caller?.username ?? null));
  return pricing;
}
