/** The games domain: the catalogue per station, the station's library report, thumbnails. */
import type { Domain } from '../context.js';
import { registerGameRoutes } from './routes.js';

export const gamesDomain: Domain = { name: 'games', register: (app, ctx) => registerGameRoutes(app, ctx) };
