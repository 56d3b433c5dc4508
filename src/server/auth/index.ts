/** The auth domain: station sign-in, the lock screen's password check, the front door (register, reset, QR). */
import type { Domain } from '../context.js';
import { registerFrontDoorRoutes } from './front-door.js';
import { registerAuthRoutes } from './routes.js';

export const authDomain: Domain = {
  name: 'auth',
  register(app, ctx) {
    registerAuthRoutes(app, ctx);
    registerFrontDoorRoutes(app, ctx);
  },
};
