/** SPEC §7 Authentication: station login, the lock screen's password check (GET /profile is the users domain's). Thin routes over `ctx.auth`. */
import type { FastifyInstance } from 'fastify';
import { login, verifyPassword } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { enrolledStation, registerRoute } from '../http/route.js';

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, login, (route) => ctx.auth.login(route.body, { ip: route.request.ip }, enrolledStation(route)));
  registerRoute(app, ctx, verifyPassword, ({ body, caller, request }) => ctx.auth.verifyOwnPassword(signedIn(caller), body, { ip: request.ip }));
}
