/**
 * The login screen's front door besides password login (SPEC §7): sign-up and phone codes, forgot/reset password and
 * email links. Thin routes: parse → `ctx.auth` (auth/service.ts) → answer. The outbox's admin list and OAuth QR
 * sign-in are their own domains (outbox/, oauth/).
 */
import type { FastifyInstance } from 'fastify';
import {
  checkUsername,
  forgotPassword,
  phoneCheck,
  phoneStart,
  register,
  resetPassword,
  verifyEmail,
  verifyPhoneRegistration,
} from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { enrolledStation, registerRoute } from '../http/route.js';

export function registerFrontDoorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const asker = (route: { request: { ip: string }; station?: { id: string } | null }) => ({
    ip: route.request.ip,
    stationId: route.station?.id ?? null,
  });

  registerRoute(app, ctx, checkUsername, async (route) => ({
    available: await ctx.auth.usernameAvailable(route.query.username, asker(route)),
  }));
  registerRoute(app, ctx, register, (route) =>
    ctx.auth.register(route.body, { ip: route.request.ip, stationId: enrolledStation(route).id }),
  );
  registerRoute(app, ctx, verifyPhoneRegistration, (route) => ctx.auth.verifyPhoneRegistration(route.body, asker(route)));
  registerRoute(app, ctx, phoneStart, (route) => ctx.auth.startPhone(route.body.phone, asker(route)));
  registerRoute(app, ctx, phoneCheck, (route) => ctx.auth.checkPhone(route.body.phone, route.body.code, asker(route)));
  registerRoute(app, ctx, forgotPassword, (route) => ctx.auth.forgotPassword(route.body.email, asker(route)));
  registerRoute(app, ctx, resetPassword, (route) => ctx.auth.resetPassword(route.body.token, route.body.newPassword, asker(route)));
  registerRoute(app, ctx, verifyEmail, (route) => ctx.auth.verifyEmail(route.query.token, asker(route)));
}
