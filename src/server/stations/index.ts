/** The stations domain: heartbeats and status, pairing and credentials, the operator's stations and actions. */
import type { Domain } from '../context.js';
import { registerStationAdminRoutes } from './admin-routes.js';
import type { HeartbeatLog } from './heartbeats.js';
import { registerStationRoutes } from './routes.js';

export function stationsDomain(options: { heartbeats: HeartbeatLog }): Domain {
  return {
    name: 'stations',
    register(app, ctx) {
      registerStationRoutes(app, ctx, options.heartbeats);
      registerStationAdminRoutes(app, ctx);
    },
  };
}
