/** The reports domain (issue 26): the owner's report for any period, by kind of sale, station group and staff member. */
import type { Domain } from '../context.js';
import { registerReportRoutes } from './routes.js';

export const reportsDomain: Domain = { name: 'reports', register: (app, ctx) => void registerReportRoutes(app, ctx) };
