/** SPEC §7 Authentication: station login, the lock screen's password check (GET /profile is the users domain's). */
import type { FastifyInstance } from 'fastify';
import { login, verifyPassword as verifyPasswordRoute } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { BUDGETS } from '../http/budgets.js';
import { unauthorized } from '../base/errors.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import { findUserById, findUserByUsername } from '../users/profile.js';
import { signInAtStation } from './station-login.js';
import { signedIn } from '../authority/caller.js';
import { verifyPassword } from '../crypto/passwords.js';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS } from '../authority/sign-in.js';

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, budgets } = ctx;

  registerRoute(app, ctx, login, async (route) => {
    const { body, request } = route;
    const station = enrolledStation(route);
    const name = body.username.trim().toLowerCase();
    await budgets.take(BUDGETS.loginIp, request.ip, TOO_MANY_LOGINS);
    await budgets.take({ ...BUDGETS.loginIpUser, max: ctx.loginRateLimit.max, windowMs: ctx.loginRateLimit.windowMs, fixed: true }, `${request.ip}|${name}`, TOO_MANY_LOGINS);
    await budgets.take(BUDGETS.loginStation, station.id, TOO_MANY_LOGINS);
    const found = await findUserByUsername(db, body.username);
    const valid = await verifyPassword(found?.password_hash ?? null, body.password, 'station');
    if (!found || !valid) throw unauthorized(INVALID_CREDENTIALS);
    return signInAtStation(ctx, found, station);
  });

  registerRoute(app, ctx, verifyPasswordRoute, async ({ body, caller, request }) => {
    const me = signedIn(caller);
    await budgets.take(BUDGETS.verifyPasswordUser, `${request.ip}|${me.userId}`, TOO_MANY_LOGINS);
    // The lock screen checks the signed-in user's own password, never anyone else's (staff included).
    if (me.username.toLowerCase() !== body.username.toLowerCase()) return { isValid: false };
    const user = await findUserById(db, me.userId);
    return { isValid: await verifyPassword(user?.password_hash ?? null, body.password, 'station') };
  });
}
