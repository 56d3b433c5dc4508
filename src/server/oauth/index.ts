/** The OAuth domain: QR sign-in sessions, the providers offered, start and callback. */
import type { Domain } from '../context.js';
import { registerOAuthRoutes } from './routes.js';

export const oauthDomain: Domain = { name: 'oauth', register: (app, ctx) => registerOAuthRoutes(app, ctx) };
