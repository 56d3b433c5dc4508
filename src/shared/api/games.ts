/** SPEC §7 Games: the station library, centre game accounts, play tracking and history. */
import { z } from 'zod';
import { route } from './route.js';
import { gameAccountSchema, gameEntrySchema, gamePlayHistoryItemSchema, gamePlayTrackingSchema } from '../entities.js';
import { id, loose, ok } from './fields.js';

export const stationGames = route({
  method: 'GET',
  path: '/games/station/:stationId',
  auth: 'user',
  params: z.object({ stationId: id }),
  response: z.array(gameEntrySchema),
});

export const clientGameAccounts = route({
  method: 'GET',
  path: '/game-accounts/client',
  auth: 'user',
  query: z.object({
    platform: z.coerce.number().int(),
    gameName: z.string().max(128),
    stationGroupId: id.optional(),
  }),
  response: z.array(gameAccountSchema),
});

export const gamesWithAccounts = route({
  method: 'GET',
  path: '/game-accounts/games-with-accounts',
  auth: 'user',
  query: z.object({ includeInUse: z.enum(['true', 'false']).optional() }),
  response: z.array(loose),
});

export const assignGameAccount = route({
  method: 'POST',
  path: '/game-accounts/:id/assign/:sessionId',
  auth: 'user',
  params: z.object({ id, sessionId: id }),
  response: gameAccountSchema,
});

export const releaseGameAccount = route({
  method: 'POST',
  path: '/game-accounts/:id/release',
  auth: 'user',
  params: z.object({ id }),
  response: ok,
});

export const releaseBySession = route({
  method: 'POST',
  path: '/game-accounts/release-by-session',
  auth: 'user',
  body: z.object({ sessionId: id, jsonId: z.string().min(1), accountId: id.optional() }),
  response: z.object({ releasedCount: z.number().int() }),
});

const trackingResponse = z.object({ data: z.object({ success: z.boolean() }) });

export const appLaunched = route({
  method: 'POST',
  path: '/game-play-tracking/app-launched',
  auth: 'user',
  body: gamePlayTrackingSchema,
  response: trackingResponse,
});

export const appClosed = route({
  method: 'POST',
  path: '/game-play-tracking/app-closed',
  auth: 'user',
  body: gamePlayTrackingSchema,
  response: trackingResponse,
});

export const playHistory = route({
  method: 'GET',
  path: '/game-play-tracking/user/:userId/history',
  auth: 'user',
  params: z.object({ userId: id }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
  response: z.array(gamePlayHistoryItemSchema),
});
