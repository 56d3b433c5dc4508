/** The stations domain: heartbeats and status, pairing and credentials, the owner's own stations. */
import type { Domain } from '../context.js';
import { registerStationAdminRoutes } from './admin-routes.js';
import { registerEnrolmentRoutes } from './enrolment-routes.js';
import type { HeartbeatLog } from './heartbeats.js';
import { registerStationRoutes } from './routes.js';

export function stationsDomain(options: { heartbeats: HeartbeatLog }): Domain {
  return {
    name: 'stations',
    register(app, ctx) {
      registerStationRoutes(app, ctx, options.heartbeats);
      registerEnrolmentRoutes(app, ctx);
      registerStationAdminRoutes(app, ctx);
    },
  };
}
