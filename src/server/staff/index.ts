/** The staff domain: the console's sign-in (cookie sessions, the second factor) and the staff accounts. */
import type { Domain } from '../context.js';
import { registerConsoleAuthRoutes } from './console-routes.js';

export const staffDomain: Domain = {
  name: 'staff',
  register: (app, ctx) => registerConsoleAuthRoutes(app, ctx, { secrets: ctx.secrets, audit: ctx.audit }),
};
