/** The console's catalogue (issue 15): groups and rates, a station's group, announcements, the WiFi QR. Parse → service → answer. */
import type { FastifyInstance } from 'fastify';
import {
  adminAnnouncements,
  adminCreateAnnouncement,
  adminCreateStationGroup,
  adminSetStationGroup,
  adminSetWifi,
  adminStationGroups,
  adminUpdateAnnouncement,
  adminUpdateStationGroup,
  adminWifi,
} from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { CatalogueService } from './service.js';

export function registerCatalogueRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const catalogue = new CatalogueService(ctx);
  registerRoute(app, ctx, adminStationGroups, () => catalogue.groups());
  registerRoute(app, ctx, adminCreateStationGroup, ({ body }) => catalogue.createGroup(body));
  registerRoute(app, ctx, adminUpdateStationGroup, ({ params, body }) => catalogue.updateGroup(params.id, body));
  registerRoute(app, ctx, adminSetStationGroup, ({ params, body }) => catalogue.setStationGroup(params.stationId, body.groupId));
  registerRoute(app, ctx, adminAnnouncements, () => catalogue.announcements());
  registerRoute(app, ctx, adminCreateAnnouncement, ({ body }) => catalogue.createAnnouncement(body));
  registerRoute(app, ctx, adminUpdateAnnouncement, ({ params, body }) => catalogue.updateAnnouncement(params.id, body));
  registerRoute(app, ctx, adminWifi, () => catalogue.wifi());
  registerRoute(app, ctx, adminSetWifi, ({ body }) => catalogue.setWifi(body));
}
