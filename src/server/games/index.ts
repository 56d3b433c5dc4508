/** The games domain: the catalogue per station, thumbnails, and (registered with it) centre accounts and play tracking. */
import type { Domain } from '../context.js';
import { registerGameRoutes } from './routes.js';

export const gamesDomain: Domain = { name: 'games', register: (app, ctx) => registerGameRoutes(app, ctx, ctx.secrets) };
