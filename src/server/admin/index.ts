/** The operator API's sign-in (POST /admin/login), session end and balance change. */
import type { Domain } from '../context.js';
import { registerAdminAccountRoutes } from './accounts.js';

export const adminDomain: Domain = {
  name: 'admin',
  register(app, ctx) {
    registerAdminAccountRoutes(app, ctx, ctx.secrets);
  },
};
