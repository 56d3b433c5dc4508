/** The users domain: GET/PUT /profile. */
import type { Domain } from '../context.js';
import { registerProfileRoutes } from './routes.js';

export const usersDomain: Domain = { name: 'users', register: (app, ctx) => registerProfileRoutes(app, ctx) };
