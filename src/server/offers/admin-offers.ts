/** Staff manage the offers (list, create, edit, deactivate with `active: false`): parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { adminCreateOffer, adminOffers, adminUpdateOffer } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { OfferService } from './service.js';

export function registerOfferAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const offers = new OfferService({ db: ctx.db, clock: ctx.clock, wallet: ctx.wallet });
  registerRoute(app, ctx, adminOffers, () => offers.allOffers());
  registerRoute(app, ctx, adminCreateOffer, ({ body }) => offers.createOffer(body));
  registerRoute(app, ctx, adminUpdateOffer, ({ params, body }) => offers.updateOffer(params.id, body));
}
