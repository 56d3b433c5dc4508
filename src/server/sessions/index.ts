/** The sessions domain: a station's client sessions (start, current, end) and their billing. */
import type { Domain } from '../context.js';
import { registerSessionRoutes } from './routes.js';

export const sessionsDomain: Domain = { name: 'sessions', register: (app, ctx) => registerSessionRoutes(app, ctx) };
