/** The Steam domain: linking a Steam account by OpenID (the development provider with --dev-oauth). */
import type { Domain } from '../context.js';
import type { SteamOpenIdConfig } from '../oauth/steam-openid.js';
import { registerSteamRoutes } from './routes.js';

export function steamDomain(options: { dev: boolean; config: SteamOpenIdConfig | undefined }): Domain {
  return { name: 'steam', register: (app, ctx) => registerSteamRoutes(app, ctx, options) };
}
