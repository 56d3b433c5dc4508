/** The centre-accounts domain (SPEC §5): the pools, holds and launch credentials; the operator's pool routes. */
import type { Domain } from '../context.js';
import { registerAdminGameAccountRoutes } from './admin-routes.js';
import { registerGameAccountRoutes } from './routes.js';

export const gameAccountsDomain: Domain = {
  name: 'game-accounts',
  register(app, ctx) {
    registerGameAccountRoutes(app, ctx, ctx.secrets);
    registerAdminGameAccountRoutes(app, ctx, ctx.secrets);
  },
};
