/**
 * SPEC §7: GET /offers/customer (the active offers staff manage; the top-up
 * gate and the store show them) and POST /offers/orders {offerId}: a signed-in
 * customer orders an offer; it waits, pending, for staff to approve it at the
 * counter (admin-orders.ts). Guests cannot order.
 */
import type { FastifyInstance } from 'fastify';
import { customerOffers, placeOrder } from '../../shared/api/routes.js';
import { orderAmounts } from '../../shared/offers.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { lockRows } from '../db/dialect.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { callerSession } from '../authority/caller-session.js';
import type { StaffChannel } from '../realtime/staff-channel.js';
import { findOffer, findOrder, listOffers, toCustomerOffer } from './repo.js';

/** A customer cannot pile up more orders than staff could sensibly look at. */
export const MAX_PENDING_ORDERS = 3;
export const GUESTS_CANNOT_ORDER = 'Guests cannot order offers: sign in with your account to order.';

export function registerOfferRoutes(app: FastifyInstance, ctx: ServerContext, staff: StaffChannel): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, customerOffers, async () => ({
    success: true,
    data: (await listOffers(db, true)).map(toCustomerOffer),
  }));

  registerRoute(app, ctx, placeOrder, async ({ caller, body }) => {
    const session = await callerSession(db, signedIn(caller));
    if (session.is_guest === 1) throw forbidden(GUESTS_CANNOT_ORDER);
    const offer = await findOffer(db, body.offerId);
    if (!offer) throw notFound(`No offer ${body.offerId}.`);
    if (offer.is_active !== 1) throw badRequest(`The offer '${offer.name}' is no longer available.`);
    const { price, credit } = orderAmounts(toCustomerOffer(offer));

    const id = await db.transaction().execute(async (trx) => {
      // PostgreSQL: the user's row lock serialises two orders racing past the count.
      if (lockRows(trx)) await trx.selectFrom('users').select('id').where('id', '=', session.user_id).forNoKeyUpdate().execute();
      const pending = await trx
        .selectFrom('offer_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', session.user_id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (pending.n >= MAX_PENDING_ORDERS) return null;
      const row = await trx
        .insertInto('offer_orders')
        .values({
          offer_id: offer.id,
          offer_name: offer.name,
          offer_type: offer.offer_type,
          user_id: session.user_id,
          station_id: session.station_id,
          session_id: session.id,
          price,
          credit,
          created_at: isoNow(clock),
          decided_at: null,
          decided_by: null,
          reject_reason: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    if (id === null) {
      throw conflict(`You already have ${MAX_PENDING_ORDERS} orders waiting for staff: wait until they are confirmed.`);
    }
    const order = await findOrder(db, id);
    if (order) staff.emit('orderCreated', order);
    return { success: true, message: `Order #${id} placed: pay ${price} IQD at the counter and staff will add ${credit} IQD.` };
  });
}
