/** SPEC §7 Social: friends, friend codes, presence and pings (served by `src/server/social/`). */
import { z } from 'zod';
import { route } from './route.js';
import { friendSchema, PING_TYPES, PRESENCE_STATUSES } from '../entities.js';
import { id, ok } from './fields.js';
import { anyId, listOf, orElse, orNull } from './tolerant.js';

export const friendCodeSchema = z.string().regex(/^7\d{6}$/);

/** SPEC §3 Friend request: the request's id (the friendship's), who sent it, and the pending friendship. */
export const friendRequestSchema = z.object({
  id: anyId,
  userId: orNull(anyId).optional(),
  username: z.string(),
  displayName: orNull(z.string()),
  sentAt: orElse(z.string().max(64), ''),
  friendship: orNull(
    z.object({
      id: anyId,
      userId: anyId,
      friendId: anyId,
      status: orElse(z.string(), 'pending'),
      createdAt: orElse(z.string().max(64), ''),
    }),
  ),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const sendFriendRequest = route({
  method: 'POST',
  path: '/social/friends/request',
  auth: 'user',
  body: z.object({ friendCode: friendCodeSchema }),
  response: ok,
});
export const acceptFriend = route({
  method: 'PUT',
  path: '/social/friends/accept/:id',
  auth: 'user',
  params: z.object({ id }),
  response: ok,
});
export const declineFriend = route({
  method: 'PUT',
  path: '/social/friends/decline/:id',
  auth: 'user',
  params: z.object({ id }),
  response: ok,
});
export const listFriends = route({
  method: 'GET',
  path: '/social/friends',
  auth: 'user',
  response: listOf(friendSchema, 'friend'),
});
export const friendRequests = route({
  method: 'GET',
  path: '/social/friends/requests',
  auth: 'user',
  response: listOf(friendRequestSchema, 'friend request'),
});
export const removeFriend = route({
  method: 'DELETE',
  path: '/social/friends/:id',
  auth: 'user',
  params: z.object({ id }),
  response: ok,
});
export const myFriendCode = route({
  method: 'GET',
  path: '/social/my-friend-code',
  auth: 'user',
  /** SPEC §5: 7 digits starting with 7; a server may send it as a number. */
  response: z.object({ friendCode: z.union([z.string(), z.number().int()]).transform(String).pipe(friendCodeSchema) }),
});
export const updatePresence = route({
  method: 'PUT',
  path: '/social/presence',
  auth: 'user',
  body: z.object({
    status: z.enum(PRESENCE_STATUSES),
    brandId: z.string().max(128).nullable().optional(),
    cafeName: z.string().max(128).nullable().optional(),
    stationId: id.nullable().optional(),
    currentGame: z.string().max(128).nullable().optional(),
  }),
  response: ok,
});
export const pingFriend = route({
  method: 'POST',
  path: '/social/ping',
  auth: 'user',
  body: z.object({ receiverId: id, type: z.enum(PING_TYPES), message: z.string().max(200) }),
  response: ok,
});
export const mutualFriends = route({
  method: 'GET',
  path: '/social/friends/mutual/:id',
  auth: 'user',
  params: z.object({ id }),
  response: listOf(friendSchema, 'mutual friend'),
});
