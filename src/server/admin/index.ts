/** The operator API's sign-in (POST /admin/login), session end and balance change; the stations' admin list and actions. */
import type { Domain } from '../context.js';
import { registerAdminAccountRoutes } from './accounts.js';
import { registerStationActionRoutes } from './station-actions.js';
import { registerAdminStationRoutes } from './stations.js';

export const adminDomain: Domain = {
  name: 'admin',
  register(app, ctx) {
    registerAdminAccountRoutes(app, ctx, ctx.secrets);
    registerAdminStationRoutes(app, ctx);
    registerStationActionRoutes(app, ctx);
  },
};
