/** The catalogue domain: station groups and rates, announcements, the WiFi QR. */
import type { Domain } from '../context.js';
import { registerCatalogueRoutes } from './routes.js';

export const catalogueDomain: Domain = { name: 'catalogue', register: (app, ctx) => registerCatalogueRoutes(app, ctx) };
