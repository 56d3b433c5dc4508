/** The offers domain: the customer's offers and orders, the staff's offers and order decisions. */
import type { Domain } from '../context.js';
import { registerOfferAdminRoutes } from './admin-offers.js';
import { registerOrderAdminRoutes } from './admin-orders.js';
import { registerOfferRoutes } from './routes.js';

export const offersDomain: Domain = {
  name: 'offers',
  register(app, ctx) {
    registerOfferRoutes(app, ctx, ctx.staff);
    registerOfferAdminRoutes(app, ctx);
    registerOrderAdminRoutes(app, ctx, ctx.staff);
  },
};
