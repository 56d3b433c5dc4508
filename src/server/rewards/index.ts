/** The rewards domain: progress and claims for customers, rewards and claim decisions for staff. */
import type { Domain } from '../context.js';
import { registerRewardAdminRoutes } from './admin-routes.js';
import { registerRewardRoutes } from './routes.js';

export const rewardsDomain: Domain = {
  name: 'rewards',
  register(app, ctx) {
    registerRewardRoutes(app, ctx);
    registerRewardAdminRoutes(app, ctx);
  },
};
