/**
 * The server side of the customer dashboard (issue 12), registered from
 * app.ts in one call: the staff channel, service calls, staff-managed offers
 * and their orders, media uploads that refresh every station.
 */
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { ServerContext } from '../context.js';
import { registerMediaAdminRoutes } from '../media/admin-routes.js';
import { registerOfferAdminRoutes } from '../offers/admin-offers.js';
import { registerOrderAdminRoutes } from '../offers/admin-orders.js';
import { registerOfferRoutes } from '../offers/routes.js';
import { registerServiceCallAdminRoutes } from '../service-calls/admin-routes.js';
import { registerServiceCallRoutes } from '../service-calls/routes.js';
import { openStaffChannel, type StaffChannel } from './channel.js';

export function registerDashboardRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the station-typed io also serves /staff
  options: { io: Server<any, any, any, any>; mediaDir: string | undefined },
): StaffChannel {
  const staff = openStaffChannel(options.io, ctx);
  registerOfferRoutes(app, ctx, staff);
  registerServiceCallRoutes(app, ctx, staff);
  registerServiceCallAdminRoutes(app, ctx, staff);
  registerOfferAdminRoutes(app, ctx);
  registerOrderAdminRoutes(app, ctx, staff);
  registerMediaAdminRoutes(app, ctx, options.mediaDir, options.io);
  return staff;
}
