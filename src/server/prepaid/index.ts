/** The prepaid domain: redeeming a card, the owner's batches. */
import type { Domain } from '../context.js';
import { registerPrepaidBatchRoutes } from './batches.js';
import { registerPrepaidRoutes } from './routes.js';

export const prepaidDomain: Domain = {
  name: 'prepaid',
  register(app, ctx) {
    registerPrepaidRoutes(app, ctx);
    registerPrepaidBatchRoutes(app, ctx);
  },
};
