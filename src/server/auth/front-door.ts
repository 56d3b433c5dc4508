/**
 * The login screen's front door besides password login: registration and
 * phone verification, forgot/reset password and email links (with the
 * delivery provider). The outbox's admin list and OAuth QR sign-in are their
 * own domains (outbox/, oauth/); cards, offers, media and the profile too (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { deliveryFromEnv, type DeliveryProvider } from '../outbox/delivery.js';
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
}
