/**
 * SPEC §7 Steam link: POST /auth/client/link-steam, DELETE
 * /auth/client/unlink-steam. The Steam id linked is the one a verified
 * OpenID answer proves (SteamSignInVerifier), never the body's; a Steam
 * account belongs to one user (unique index), guests link nothing.
 *
 * GET /steam-openid/login is where the station's popup starts: it forwards
 * the OpenID request to the configured provider (Steam, or the development
 * provider with --dev-oauth), so the endpoint is server configuration.
 */
import type { FastifyInstance } from 'fastify';
import { linkSteam, unlinkSteam } from '../../shared/api/routes.js';
import { signedIn, type Caller } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { badRequest, conflict, forbidden, unauthorized } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { findUserById, isGuestUser } from '../users/profile.js';
import { devSteamConfig, registerDevSteamProvider } from './dev-provider.js';
import { STEAM_OPENID, SteamSignInVerifier, type CheckAuthentication, type SteamOpenIdConfig } from '../oauth/steam-openid.js';

export const STEAM_START_PATH = '/steam-openid/login';
export const STEAM_TAKEN = 'This Steam account is linked to another user.';
export const STEAM_MISMATCH = 'Invalid Steam ID in response';
export const GUESTS_NO_STEAM = 'Guests cannot link a Steam account.';

export interface SteamOptions {
  /** The development provider (the demo, the tests); otherwise `config` or Steam's. */
  dev?: boolean;
  config?: SteamOpenIdConfig;
  check?: CheckAuthentication;
}

export function registerSteamRoutes(app: FastifyInstance, ctx: ServerContext, options: SteamOptions = {}): void {
  const { db, clock } = ctx;
  const config = () => (options.dev ? devSteamConfig(ctx.publicUrl()) : (options.config ?? STEAM_OPENID));
  const verifier = new SteamSignInVerifier({ db, clock, config, check: options.check });

  async function member(caller: Caller | null) {
    const me = signedIn(caller);
    const user = await findUserById(db, me.userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    if (isGuestUser(user)) throw forbidden(GUESTS_NO_STEAM);
    return user;
  }

  registerRoute(app, ctx, linkSteam, async ({ body, caller }) => {
    const user = await member(caller);
    const steamId = await verifier.verify(body.openid);
    if (body.steamId !== steamId) throw badRequest(STEAM_MISMATCH);
    const other = await db.selectFrom('users').select('id').where('steam_id', '=', steamId).where('id', '!=', user.id).executeTakeFirst();
    if (other) throw conflict(STEAM_TAKEN);
    try {
      await db.updateTable('users').set({ steam_id: steamId }).where('id', '=', user.id).execute();
    } catch {
      throw conflict(STEAM_TAKEN);
    }
    return { success: true, message: 'Steam account linked' };
  });

  registerRoute(app, ctx, unlinkSteam, async ({ caller }) => {
    const user = await member(caller);
    await db.updateTable('users').set({ steam_id: null }).where('id', '=', user.id).execute();
    return { success: true, message: 'Steam account unlinked' };
  });

  // The popup's first page: on to the provider with the station's OpenID request.
  app.get(STEAM_START_PATH, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const target = new URL(config().endpoint);
    for (const [name, value] of Object.entries(query)) {
      if (name.startsWith('openid.') && typeof value === 'string' && value.length <= 2048) target.searchParams.set(name, value);
    }
    // A popup the station opened: keep it its opener's (helmet's same-origin opener policy would sever them).
    reply.header('cache-control', 'no-store').header('cross-origin-opener-policy', 'unsafe-none');
    return reply.redirect(target.toString(), 302);
  });

  if (options.dev) registerDevSteamProvider(app, ctx.publicUrl, () => clock.now());
}
