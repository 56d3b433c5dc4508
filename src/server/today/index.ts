/** The today domain: the day at a glance (revenue by source, occupancy by hour, what waits). */
import type { Domain } from '../context.js';
import { registerTodayRoute } from './routes.js';

export const todayDomain: Domain = { name: 'today', register: (app, ctx) => registerTodayRoute(app, ctx) };
