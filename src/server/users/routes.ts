/** SPEC §7 GET and PUT /profile, in one place: parse → the profile service → answer. */
import type { FastifyInstance } from 'fastify';
import { getProfile, updateProfile } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { ProfileService } from './service.js';

export function registerProfileRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const profile = new ProfileService(ctx);
  registerRoute(app, ctx, getProfile, ({ caller }) => profile.read(signedIn(caller)));
  registerRoute(app, ctx, updateProfile, ({ body, caller }) => profile.update(signedIn(caller), body));
}
