/**
 * Staff decide orders: approve (the customer paid at the counter) or reject
 * with a reason. Approval is one transaction: the conditional state change
 * pending → approved, the balance credit and its ledger line commit together
 * or not at all, so an order credits exactly once however many approvals
 * race (the losers get 409). A rejected order can never be approved.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { adminApproveOrder, adminOrders, adminRejectOrder } from '../../shared/api/routes.js';
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import type { StaffChannel } from '../realtime/staff-channel.js';
import { findOrder, listOrders } from './repo.js';

type Decided = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

function alreadyDecided(order: Decided): Error {
  return order.status === 'approved'
    ? conflict(`Order #${order.id} was already approved by ${order.decidedBy ?? 'staff'}: it credits only once.`)
    : conflict(`Order #${order.id} was rejected (${order.rejectReason ?? 'no reason'}): it cannot be approved or rejected again.`);
}

export function registerOrderAdminRoutes(app: FastifyInstance, ctx: ServerContext, staff: StaffChannel): void {
  const { db, clock, sessions } = ctx;

  registerRoute(app, ctx, adminOrders, ({ query }) => listOrders(db, query.status, query.limit));

  registerRoute(app, ctx, adminApproveOrder, async ({ params, caller }) => {
    const by = signedIn(caller);
    const before = await findOrder(db, params.id);
    if (!before) throw notFound(`No order #${params.id}.`);
    // Minutes played so far are charged at the old balance. Whether the order is
    // still pending is decided inside the transaction, never from this read.
    const active = await sessions.activeForUser(before.userId);
    if (active) await sessions.settle(active.id);

    const balance = await db.transaction().execute(async (trx) => {
      const now = isoNow(clock);
      const claimed = await trx
        .updateTable('offer_orders')
        .set({ status: 'approved', decided_at: now, decided_by: by.username })
        .where('id', '=', params.id)
        .where('status', '=', 'pending')
        .returning(['user_id', 'credit'])
        .executeTakeFirst();
      if (!claimed) return null; // another approval or a rejection got there first
      const user = await trx
        .updateTable('users')
        .set({ balance: sql<number>`balance + ${claimed.credit}` })
        .where('id', '=', claimed.user_id)
        .returning(['balance', 'protected_balance'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('balance_ledger')
        .values({
          user_id: claimed.user_id,
          amount: claimed.credit,
          reason: 'offer_order',
          order_id: params.id,
          staff_user_id: by.userId,
          created_at: now,
        })
        .execute();
      if (user.balance + user.protected_balance >= MIN_BALANCE_TO_PROCEED_IQD) {
        await trx.updateTable('users').set({ require_balance_top_up: 0 }).where('id', '=', claimed.user_id).execute();
      }
      return user.balance;
    });

    const order = await findOrder(db, params.id);
    if (!order) throw notFound(`No order #${params.id}.`);
    if (balance === null) throw alreadyDecided(order);
    staff.emit('orderUpdated', order);
    // As for any top-up: a login held at the top-up gate goes in, a running session hears its new balance.
    await sessions.reviewGate(order.userId);
    const session = await sessions.activeForUser(order.userId);
    if (session) {
      await sessions.publishBalance(session.id);
      await sessions.review(session.id, false);
    }
    return { order, balance };
  });

  registerRoute(app, ctx, adminRejectOrder, async ({ params, body, caller }) => {
    const by = signedIn(caller).username;
    const changed = await db
      .updateTable('offer_orders')
      .set({ status: 'rejected', decided_at: isoNow(clock), decided_by: by, reject_reason: body.reason })
      .where('id', '=', params.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const order = await findOrder(db, params.id);
    if (!order) throw notFound(`No order #${params.id}.`);
    if (changed.numUpdatedRows === 0n) throw alreadyDecided(order);
    staff.emit('orderUpdated', order);
    return order;
  });
}
