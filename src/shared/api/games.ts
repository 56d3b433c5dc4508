/**
 * SPEC §7 Games: the station library, centre game accounts, play tracking and
 * history. Beyond the SPEC (the station copes without them): the station's
 * report of what is installed on it, and the station-only launch routes that
 * reveal a centre account's password to the enrolled station holding it
 * (authenticated by X-Station-Credential, never by a customer's token).
 */
import { z } from 'zod';
import { route } from './route.js';
import { gameAccountSchema, gameEntrySchema, gamePlayHistoryItemSchema, gamePlayTrackingSchema } from '../entities.js';
import { id, ok } from './fields.js';
import { anyId, listOf, orElse, orNull } from './tolerant.js';

/** A Json_ID as the SPEC names them (plat-, game-, app-, peripheral-). */
export const jsonId = z.string().max(128).regex(/^(plat|game|app|peripheral)-[A-Za-z0-9._-]+$/, 'not a Json_ID');

/** The most Json_IDs one station report may carry. */
export const MAX_STATION_REPORT = 10_000;

export const stationGames = route({
  method: 'GET',
  path: '/games/station/:stationId',
  auth: 'user',
  params: z.object({ stationId: id }),
  response: listOf(gameEntrySchema, 'game entry'),
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
  response: listOf(gameAccountSchema, 'game account'),
});

/** A game that has centre accounts (the 'Center Accounts Only' filter). */
export const gameWithAccountsSchema = z.looseObject({
  gameId: anyId,
  gameName: z.string(),
  platform: z.coerce.number().int(),
  totalAccounts: orElse(z.number().int(), 0),
  availableAccounts: orElse(z.number().int(), 0),
});
export type GameWithAccounts = z.infer<typeof gameWithAccountsSchema>;

export const gamesWithAccounts = route({
  method: 'GET',
  path: '/game-accounts/games-with-accounts',
  auth: 'user',
  /** includeInUse=true also lists games whose every account is busy. */
  query: z.object({ includeInUse: z.enum(['true', 'false']).optional() }),
  response: listOf(gameWithAccountsSchema, 'game with accounts'),
});

export const assignGameAccount = route({
  method: 'POST',
  path: '/game-accounts/:id/assign/:sessionId',
  auth: 'user',
  params: z.object({ id, sessionId: id }),
  /** SPEC §7 shows no answer: the account when a server sends it, else any 2xx. */
  response: z.union([gameAccountSchema, z.looseObject({})]),
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
  response: z.object({ releasedCount: orElse(z.number().int(), 0) }),
});

/** SPEC §7 "reads data.success": a 2xx without it counts as recorded. */
const trackingResponse = z.object({ data: orElse(z.object({ success: orElse(z.boolean(), true) }), { success: true }) });

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
  response: listOf(gamePlayHistoryItemSchema, 'history item'),
});

// ── Beyond the SPEC: the station's own calls (X-Station-Credential) ─────────

/** The station reports the Json_IDs installed on it; its library becomes those catalogue entries. */
export const reportStationLibrary = route({
  method: 'PUT',
  path: '/games/station/:stationId/installed',
  auth: 'none',
  params: z.object({ stationId: id }),
  body: z.object({ jsonIds: z.array(jsonId).max(MAX_STATION_REPORT) }),
  response: z.object({
    stationId: id,
    installedCount: z.number().int(),
    /** Reported Json_IDs the cafe catalogue does not know (ignored). */
    unknownJsonIds: z.array(z.string()),
  }),
});

/** At most this many games reported running at once (a PC runs a handful). */
export const MAX_RUNNING_REPORT = 32;
/** The shell repeats its running-games report this often (real time) while any game runs. */
export const RUNNING_REPORT_MS = 60_000;

/**
 * The station's shell reports the games whose process it sees running (issue
 * 22): on every change and every RUNNING_REPORT_MS while any runs. A play
 * earns XP only for the time its game was reported running here.
 */
export const reportStationRunning = route({
  method: 'PUT',
  path: '/game-play-tracking/station/:stationId/running',
  auth: 'none',
  params: z.object({ stationId: id }),
  body: z.object({ jsonIds: z.array(jsonId).max(MAX_RUNNING_REPORT) }),
  response: z.object({
    stationId: id,
    /** The reported games the server now counts as running. */
    running: z.array(z.string()),
    /** How many of the session's plays this report closed (their process is gone, or never appeared). */
    closedPlays: z.number().int(),
  }),
});

/** The holding station fetches the account's sign-in for the launch (its current session must hold the account). */
export const gameAccountLaunchCredentials = route({
  method: 'POST',
  path: '/game-accounts/:id/launch-credentials',
  auth: 'none',
  params: z.object({ id }),
  body: z.object({ jsonId: jsonId.optional() }),
  response: z.object({
    accountId: id,
    platform: z.number().int(),
    username: z.string(),
    password: z.string(),
    accountDisplayName: z.string(),
  }),
});

/** The holding station reports a launch that failed because of the account (wrong password, Steam Guard…). */
export const gameAccountLaunchFailed = route({
  method: 'POST',
  path: '/game-accounts/:id/launch-failed',
  auth: 'none',
  params: z.object({ id }),
  body: z.object({ reason: z.string().trim().min(1).max(500), jsonId: jsonId.optional() }),
  response: ok,
});

/** A currently playing entry (SPEC §3), for presence and the friends hub. */
export const currentlyPlayingSchema = z.object({
  jsonId: z.string(),
  name: z.string(),
  startTime: z.string(),
  elapsedTimeMinutes: orNull(z.number()),
});
export type CurrentlyPlaying = z.infer<typeof currentlyPlayingSchema>;
