/** The pricing domain: the owner's price list (rate periods, packages, member prices). */
import type { Domain } from '../context.js';
import { registerPricingRoutes } from './routes.js';

export const pricingDomain: Domain = { name: 'pricing', register: (app, ctx) => void registerPricingRoutes(app, ctx) };
