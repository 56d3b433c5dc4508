/**
 * Staff work the service calls: list them, acknowledge ("on my way"), resolve.
 * Each change is conditional on the current state (open → acknowledged →
 * resolved; open → resolved), so two staff members never both take a call;
 * the loser gets 409 with who has it.
 */
import type { FastifyInstance } from 'fastify';
import { adminAcknowledgeServiceCall, adminResolveServiceCall, adminServiceCalls } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import type { StaffChannel } from '../realtime/staff-channel.js';
import { findServiceCall, listServiceCalls } from './repo.js';

export function registerServiceCallAdminRoutes(app: FastifyInstance, ctx: ServerContext, staff: StaffChannel): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, adminServiceCalls, ({ query }) => listServiceCalls(db, query.status, query.limit));

  registerRoute(app, ctx, adminAcknowledgeServiceCall, async ({ params, caller }) => {
    const by = signedIn(caller).username;
    const changed = await db
      .updateTable('service_calls')
      .set({ status: 'acknowledged', acknowledged_at: isoNow(clock), acknowledged_by: by })
      .where('id', '=', params.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    const call = await findServiceCall(db, params.id);
    if (!call) throw notFound(`No service call #${params.id}.`);
    if (changed.numUpdatedRows === 0n) {
      throw conflict(
        call.status === 'resolved'
          ? `Service call #${call.id} is already resolved (by ${call.resolvedBy ?? 'staff'}).`
          : `Service call #${call.id} is already acknowledged by ${call.acknowledgedBy ?? 'staff'}.`,
      );
    }
    staff.emit('serviceCallUpdated', call);
    return call;
  });

  registerRoute(app, ctx, adminResolveServiceCall, async ({ params, caller }) => {
    const by = signedIn(caller).username;
    const now = isoNow(clock);
    const changed = await db
      .updateTable('service_calls')
      .set((eb) => ({
        status: 'resolved',
        resolved_at: now,
        resolved_by: by,
        // Resolving an open call also acknowledges it.
        acknowledged_at: eb.fn.coalesce('acknowledged_at', eb.val(now)),
        acknowledged_by: eb.fn.coalesce('acknowledged_by', eb.val(by)),
      }))
      .where('id', '=', params.id)
      .where('status', '!=', 'resolved')
      .executeTakeFirst();
    const call = await findServiceCall(db, params.id);
    if (!call) throw notFound(`No service call #${params.id}.`);
    if (changed.numUpdatedRows === 0n) throw conflict(`Service call #${call.id} is already resolved (by ${call.resolvedBy ?? 'staff'}).`);
    staff.emit('serviceCallUpdated', call);
    return call;
  });
}
