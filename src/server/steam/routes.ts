/**
 * SPEC §7 Steam link: POST /auth/client/link-steam, DELETE
 * /auth/client/unlink-steam, thin routes over `SteamLinkService` (service.ts:
 * the id is the one a verified OpenID answer proves, one user per Steam
 * account, guests link nothing).
 *
 * GET /steam-openid/login is where the station's popup starts: it forwards
 * the OpenID request to the configured provider (Steam, or the development
 * provider with --dev-oauth), so the endpoint is server configuration.
 */
import type { FastifyInstance } from 'fastify';
import { linkSteam, unlinkSteam } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { STEAM_OPENID, SteamSignInVerifier, type CheckAuthentication, type SteamOpenIdConfig } from '../oauth/steam-openid.js';
import { devSteamConfig, registerDevSteamProvider } from './dev-provider.js';
import { SteamLinkService } from './service.js';

export const STEAM_START_PATH = '/steam-openid/login';

export interface SteamOptions {
  /** The development provider (the demo, the tests); otherwise `config` or Steam's. */
  dev?: boolean;
  config?: SteamOpenIdConfig;
  check?: CheckAuthentication;
}

export function registerSteamRoutes(app: FastifyInstance, ctx: ServerContext, options: SteamOptions = {}): void {
  const { db, clock } = ctx;
  const config = () => (options.dev ? devSteamConfig(ctx.publicUrl()) : (options.config ?? STEAM_OPENID));
  const steam = new SteamLinkService(ctx, new SteamSignInVerifier({ db, clock, config, check: options.check }));

  registerRoute(app, ctx, linkSteam, ({ body, caller }) => steam.link(caller, body));
  registerRoute(app, ctx, unlinkSteam, ({ caller }) => steam.unlink(caller));

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
