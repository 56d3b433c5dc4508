/** The play-tracking domain: launches and closes, history, and the operator's list of plays. */
import type { Domain } from '../context.js';
import { registerAdminPlayRoutes } from './admin-routes.js';
import { registerPlayTrackingRoutes } from './routes.js';

export const playTrackingDomain: Domain = {
  name: 'play-tracking',
  register(app, ctx) {
    registerPlayTrackingRoutes(app, ctx);
    registerAdminPlayRoutes(app, ctx);
  },
};
