/** The social domain (Squad Hub): friend codes, requests, friendships, presence, pings. */
import type { Domain } from '../context.js';
import { registerSocialRoutes } from './routes.js';

export const socialDomain: Domain = { name: 'social', register: (app, ctx) => void registerSocialRoutes(app, ctx) };
