/**
 * SPEC §7 Social, served: each handler parses, calls the social service once (service.ts: the rules, who may,
 * what each side is told), and answers.
 */
import type { FastifyInstance } from 'fastify';
import {
  acceptFriend,
  declineFriend,
  friendRequests,
  listFriends,
  mutualFriends,
  myFriendCode,
  pingFriend,
  removeFriend,
  sendFriendRequest,
  updatePresence,
} from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { member, SocialService } from './service.js';

export function registerSocialRoutes(app: FastifyInstance, ctx: ServerContext): SocialService {
  const social = new SocialService(ctx);
  registerRoute(app, ctx, myFriendCode, ({ caller }) => social.friendCode(member(caller)));
  registerRoute(app, ctx, sendFriendRequest, ({ caller, body }) => social.sendRequest(member(caller), body.friendCode));
  registerRoute(app, ctx, acceptFriend, ({ caller, params }) => social.accept(member(caller), params.id));
  registerRoute(app, ctx, declineFriend, ({ caller, params }) => social.decline(member(caller), params.id));
  registerRoute(app, ctx, listFriends, ({ caller }) => social.friends(member(caller)));
  registerRoute(app, ctx, friendRequests, ({ caller }) => social.requests(member(caller)));
  registerRoute(app, ctx, removeFriend, ({ caller, params }) => social.remove(member(caller), params.id));
  registerRoute(app, ctx, mutualFriends, ({ caller, params }) => social.mutual(member(caller), params.id));
  registerRoute(app, ctx, updatePresence, ({ caller, body }) => social.updatePresence(member(caller), body));
  registerRoute(app, ctx, pingFriend, async ({ caller, body, reply }) => {
    try {
      return await social.ping(member(caller), body);
    } catch (error) {
      // The cooldown's answer carries Retry-After as well as retryAfterSeconds.
      if (error instanceof HttpError && typeof error.details.retryAfterSeconds === 'number') {
        void reply.header('Retry-After', String(error.details.retryAfterSeconds));
      }
      throw error;
    }
  });
  return social;
}
