/** The wallet domain (issue 21): every movement of money; its routes are the owner's limits on staff money. */
import type { Domain } from '../context.js';
import { registerWalletRoutes } from './routes.js';

export const walletDomain: Domain = { name: 'wallet', register: (app, ctx) => registerWalletRoutes(app, ctx) };
