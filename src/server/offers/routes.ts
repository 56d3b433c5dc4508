/**
 * SPEC §7: GET /offers/customer (the active offers staff manage; the top-up
 * gate and the store show them) and POST /offers/orders {offerId}: a signed-in
 * customer orders an offer; it waits, pending, for staff to approve it at the
 * counter. Guests cannot order. Parse → one service call → answer.
 */
import type { FastifyInstance } from 'fastify';
import { customerOffers, myOrders, placeOrder } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import type { StaffChannel } from '../realtime/staff-channel.js';
import { callerSession } from '../authority/caller-session.js';
import { OfferService } from './service.js';

export { GUESTS_CANNOT_ORDER, MAX_PENDING_ORDERS } from './service.js';

export function registerOfferRoutes(app: FastifyInstance, ctx: ServerContext, staff: StaffChannel): void {
  const offers = new OfferService({ db: ctx.db, clock: ctx.clock, wallet: ctx.wallet, staff });
  registerRoute(app, ctx, customerOffers, async () => ({ success: true, data: await offers.activeOffers() }));
  registerRoute(app, ctx, placeOrder, async ({ caller, body }) => offers.placeOrder(await callerSession(ctx.db, signedIn(caller)), body.offerId));
  registerRoute(app, ctx, myOrders, async ({ caller }) => ({ success: true, data: await offers.myOrders(signedIn(caller).userId) }));
}
