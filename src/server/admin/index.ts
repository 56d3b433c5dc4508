/** The operator API's sign-in (POST /admin/login), session end and balance change; the stations' admin list (the desk's commands to a station are in desk/room/). */
import type { Domain } from '../context.js';
import { registerAdminAccountRoutes } from './accounts.js';
import { registerAdminStationRoutes } from './stations.js';

export const adminDomain: Domain = {
  name: 'admin',
  register(app, ctx) {
    registerAdminAccountRoutes(app, ctx, ctx.secrets);
    registerAdminStationRoutes(app, ctx);
  },
};
