/** SPEC §7 Authentication: station login, lock-screen password check, profile. */
import type { FastifyInstance } from 'fastify';
import { getProfile, login, verifyPassword as verifyPasswordRoute } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findUserById, findUserByUsername, toUserDto } from '../users/profile.js';
import { signInAtStation, stationForLogin, UNKNOWN_STATION } from './station-login.js';
import { signedIn } from './guard.js';
import { verifyPassword } from './passwords.js';
import { loginRateLimit } from './rate-limit.js';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export { UNKNOWN_STATION };

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(
    app,
    ctx,
    login,
    async ({ body }) => {
      const station = await stationForLogin(ctx, body.macAddress);
      const found = await findUserByUsername(db, body.username);
      const valid = await verifyPassword(found?.password_hash ?? null, body.password);
      if (!found || !valid) throw unauthorized(INVALID_CREDENTIALS);
      return signInAtStation(ctx, found, station);
    },
    loginRateLimit(ctx.loginRateLimit),
  );

  registerRoute(
    app,
    ctx,
    verifyPasswordRoute,
    async ({ body, caller }) => {
      const me = signedIn(caller);
      // The lock screen checks the signed-in user's own password; staff may check anyone's.
      const sameUser = me.username.toLowerCase() === body.username.toLowerCase();
      if (!sameUser && !me.isStaff) return { isValid: false };
      const user = await findUserByUsername(db, body.username);
      return { isValid: await verifyPassword(user?.password_hash ?? null, body.password) };
    },
    loginRateLimit(ctx.loginRateLimit),
  );

  registerRoute(app, ctx, getProfile, async ({ caller }) => {
    const user = await findUserById(db, signedIn(caller).userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    return toUserDto(db, clock, user);
  });
}
