/** Staff decide orders (approve: the customer paid at the counter; reject with a reason): parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { adminApproveOrder, adminOrders, adminRejectOrder, type CustomerOrder } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import type { StaffChannel } from '../realtime/staff-channel.js';
import { emitToUser } from '../realtime/user-events.js';
import { OfferService } from './service.js';

export function registerOrderAdminRoutes(app: FastifyInstance, ctx: ServerContext, staff: StaffChannel): void {
  // The customer hears the decision at their station (issue 23): the kiosk's store shows it and the bell rings.
  const customer = { tell: (userId: string, order: CustomerOrder) => emitToUser(ctx, userId, 'orderUpdated', order) };
  const offers = new OfferService({ db: ctx.db, clock: ctx.clock, wallet: ctx.wallet, staff, customer });
  const actor = (caller: Parameters<typeof signedIn>[0]) => {
    const { userId, username } = signedIn(caller);
    return { userId, username };
  };
  registerRoute(app, ctx, adminOrders, ({ query }) => offers.listOrders(query.status, query.limit));
  registerRoute(app, ctx, adminApproveOrder, ({ params, caller }) => offers.approve(params.id, actor(caller)));
  registerRoute(app, ctx, adminRejectOrder, ({ params, body, caller }) => offers.reject(params.id, body.reason, actor(caller)));
}
