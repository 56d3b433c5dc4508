/** The staff domain: staff sign-in at the console and the bearer door (one decision), TOTP, staff accounts, the audit log. */
import type { Domain } from '../context.js';
import { registerStaffRoutes } from './routes.js';

export const staffDomain: Domain = { name: 'staff', register: (app, ctx) => registerStaffRoutes(app, ctx) };
