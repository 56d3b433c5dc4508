/** The customers domain: customers at the counter (search, ledger, top-up, refund, free time, gate flags). */
import type { Domain } from '../context.js';
import { registerCustomerRoutes } from './routes.js';

export const customersDomain: Domain = { name: 'customers', register: (app, ctx) => registerCustomerRoutes(app, ctx) };
