/** SPEC §7 Social: friends, friend codes, presence and pings (served by `src/server/social/`). */
import { z } from 'zod';
import { route } from './route.js';
import { friendSchema, PING_TYPES, PRESENCE_STATUSES } from '../entities.js';
import { id, ok } from './fields.js';

export const friendCodeSchema = z.string().regex(/^7\d{6}$/);

/** SPEC §3 Friend request: the request's id (the friendship's), who sent it, and the pending friendship. */
export const friendRequestSchema = z.object({
  id,
  userId: id.optional(),
  username: z.string(),
  displayName: z.string().nullable(),
  sentAt: z.string().min(1).max(64),
  friendship: z.object({
    id,
    userId: id,
    friendId: id,
    status: z.literal('pending'),
    createdAt: z.string().min(1).max(64),
  }),
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
  response: z.array(friendSchema),
});
export const friendRequests = route({
  method: 'GET',
  path: '/social/friends/requests',
  auth: 'user',
  response: z.array(friendRequestSchema),
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
  response: z.object({ friendCode: friendCodeSchema }),
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
  response: z.array(friendSchema),
});
