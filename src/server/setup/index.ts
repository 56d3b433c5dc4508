/** The set-up domain (issue 22): the first owner, from a one-time set-up link, on a cafe without one. */
import type { Domain } from '../context.js';
import { registerSetupRoutes } from './routes.js';

export const setupDomain: Domain = {
  name: 'setup',
  register(app, ctx) {
    registerSetupRoutes(app, ctx);
  },
};
