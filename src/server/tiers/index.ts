/** The tiers domain: the staff-managed membership tiers. */
import type { Domain } from '../context.js';
import { registerTierAdminRoutes } from './admin-routes.js';

export const tiersDomain: Domain = { name: 'tiers', register: (app, ctx) => registerTierAdminRoutes(app, ctx) };
