/** SPEC §7 Authentication: station login, lock-screen password check, profile. */
import type { FastifyInstance } from 'fastify';
import { getProfile, login, verifyPassword as verifyPasswordRoute } from '../../shared/api/routes.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findStationByMac } from '../stations/repo.js';
import { findUserById, findUserByUsername, toUserDto } from '../users/profile.js';
import { signedIn } from './guard.js';
import { verifyPassword } from './passwords.js';
import { loginRateLimit } from './rate-limit.js';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const UNKNOWN_STATION = 'Unknown station: this PC is not registered with the cafe';

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock, tokens, events, sessions } = ctx;

  registerRoute(
    app,
    ctx,
    login,
    async ({ body }) => {
      const station = await findStationByMac(db, body.macAddress);
      if (!station) throw badRequest(UNKNOWN_STATION);
      const found = await findUserByUsername(db, body.username);
      const valid = await verifyPassword(found?.password_hash ?? null, body.password);
      if (!found || !valid) throw unauthorized(INVALID_CREDENTIALS);

      const session = await sessions.start(found, station);
      await db.updateTable('users').set({ last_login_at: isoNow(clock) }).where('id', '=', found.id).execute();
      const user = (await findUserById(db, found.id)) ?? found;
      const accessToken = tokens.sign({ sub: user.id, type: user.type, sessionId: session.id });

      events.emit(station.id, 'sessionStarted', {
        sessionId: session.id,
        stationId: station.id,
        stationNumber: station.number,
        userId: user.id,
        username: user.username,
        startTime: session.started_at,
        isGuest: session.is_guest === 1,
        macAddress: station.mac_address,
        ipAddress: station.ip_address ?? '',
        token: accessToken,
      });
      await sessions.announceInUse(station);
      return { accessToken, user: await toUserDto(db, clock, user), sessionId: session.id, stationId: station.id };
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
