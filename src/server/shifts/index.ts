/** The shifts domain: cash shifts, opened with a float, closed with the counted cash, reported from the ledger. */
import type { Domain } from '../context.js';
import { registerShiftRoutes } from './routes.js';

export const shiftsDomain: Domain = { name: 'shifts', register: (app, ctx) => registerShiftRoutes(app, ctx) };
