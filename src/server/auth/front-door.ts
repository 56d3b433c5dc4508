/**
 * The login screen's front door besides password login: registration and
 * phone verification, forgot/reset password and email links (with the
 * delivery provider and its development outbox), and OAuth QR sign-in.
 * Cards, offers, media and the profile register from their own folders (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { registerOAuthRoutes } from '../oauth/routes.js';
import { deliveryFromEnv, type DeliveryProvider } from '../outbox/delivery.js';
import { registerOutboxRoutes } from '../outbox/routes.js';
import { registerPasswordResetRoutes } from './password-reset.js';
import { registerRegistrationRoutes } from './registration.js';

export interface FrontDoorOptions {
  /** Default: SMTP when SPAWNPOINT_SMTP_URL is set, else the development outbox. */
  delivery?: DeliveryProvider;
}

export function registerFrontDoorRoutes(app: FastifyInstance, ctx: ServerContext, options: FrontDoorOptions = {}): void {
  const delivery = options.delivery ?? deliveryFromEnv(ctx.db, ctx.clock);
  registerRegistrationRoutes(app, ctx, delivery);
  registerPasswordResetRoutes(app, ctx, delivery);
  registerOutboxRoutes(app, ctx);
  registerOAuthRoutes(app, ctx);
}
