/** Everything the login screen talks to besides password login: one call for app.ts. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { registerMediaRoutes } from '../media/routes.js';
import { registerNfcCardRoutes } from '../nfc-cards/routes.js';
import { registerOAuthRoutes } from '../oauth/routes.js';
import { registerOfferRoutes } from '../offers/routes.js';
import { deliveryFromEnv, type DeliveryProvider } from '../outbox/delivery.js';
import { registerOutboxRoutes } from '../outbox/routes.js';
import { registerPrepaidRoutes } from '../prepaid/routes.js';
import { registerProfileRoutes } from '../users/routes.js';
import { registerPasswordResetRoutes } from './password-reset.js';
import { registerRegistrationRoutes } from './registration.js';

export interface FrontDoorOptions {
  /** Default: SMTP when SPAWNPOINT_SMTP_URL is set, else the development outbox. */
  delivery?: DeliveryProvider;
  /** Background video and logo folder; default env SPAWNPOINT_MEDIA_DIR. */
  mediaDir?: string;
}

export function registerFrontDoorRoutes(app: FastifyInstance, ctx: ServerContext, options: FrontDoorOptions = {}): void {
  const delivery = options.delivery ?? deliveryFromEnv(ctx.db, ctx.clock);
  registerRegistrationRoutes(app, ctx, delivery);
  registerPasswordResetRoutes(app, ctx, delivery);
  registerNfcCardRoutes(app, ctx);
  registerPrepaidRoutes(app, ctx);
  registerOutboxRoutes(app, ctx);
  registerProfileRoutes(app, ctx, delivery);
  registerOfferRoutes(app, ctx);
  registerOAuthRoutes(app, ctx);
  registerMediaRoutes(app, ctx, options.mediaDir ?? process.env.SPAWNPOINT_MEDIA_DIR);
}
