/**
 * SPEC §7 — every HTTP call the station makes, plus the reference server's
 * admin surface. The renderer's client and the server's handlers are both
 * typed from these descriptors, and the server validates params, query and
 * body with the schemas before a handler runs.
 */
import { z } from 'zod';
import { route } from './route.js';
import {
  currentSessionSchema,
  eventRewardSchema,
  gameAccountSchema,
  gameEntrySchema,
  gamePlayHistoryItemSchema,
  gamePlayTrackingSchema,
  loginResponseSchema,
  nfcCardSchema,
  offerSchema,
  progressSchema,
  rewardSchema,
  stationDetailsSchema,
  stationStatusSchema,
  tierSchema,
  userSchema,
  OAUTH_PROVIDERS,
  PRESENCE_STATUSES,
  PING_TYPES,
  SERVICE_CALL_TYPES,
  friendSchema,
} from '../entities.js';
import { STATION_COMMANDS } from '../socket/events.js';

const id = z.string().min(1).max(128);
const username = z.string().trim().min(1).max(64);
const password = z.string().min(1).max(256);
const mac = z.string().min(1).max(64);
const ok = z.object({ success: z.boolean(), message: z.string().optional() });
const loose = z.looseObject({});

// ── Station and heartbeat ──────────────────────────────────────────────────

export const heartbeatBodySchema = z.object({
  stationId: id,
  ipAddress: z.string().max(64),
  macAddress: mac,
  metadata: z.object({
    pcName: z.string().max(64),
    clientVersion: z.string().max(32),
    timestamp: z.union([z.string().max(64), z.number()]),
  }),
});
export type HeartbeatBody = z.infer<typeof heartbeatBodySchema>;

export const stationHeartbeat = route({
  method: 'POST',
  path: '/station-heartbeat',
  auth: 'none',
  body: heartbeatBodySchema,
  response: z.object({ success: z.boolean(), serverTime: z.string() }),
});

export const getStationDetails = route({
  method: 'POST',
  path: '/station-client/get-station-details',
  auth: 'none',
  body: z.object({ stationId: id }),
  response: stationDetailsSchema,
});

// ── Authentication ─────────────────────────────────────────────────────────

export const login = route({
  method: 'POST',
  path: '/auth/client/login',
  auth: 'none',
  body: z.object({ username, password, macAddress: mac }),
  response: loginResponseSchema,
});

export const nfcLogin = route({
  method: 'POST',
  path: '/auth/client/nfc-login',
  auth: 'none',
  body: z.object({ cardUid: z.string().min(1).max(64), macAddress: mac }),
  response: loginResponseSchema,
});

export const register = route({
  method: 'POST',
  path: '/auth/client/register',
  auth: 'none',
  body: z.object({
    username,
    password: z.string().min(6).max(256),
    email: z.string().max(254).nullable().optional(),
    phoneNumber: z.string().max(32).nullable().optional(),
    macAddress: mac,
  }),
  response: z.object({
    success: z.boolean(),
    error: z.string().optional(),
    requiresPhoneVerification: z.boolean().optional(),
    registrationKey: z.string().optional(),
  }),
});

export const verifyPhoneRegistration = route({
  method: 'POST',
  path: '/auth/client/verify-phone',
  auth: 'none',
  body: z.object({ phone: z.string().max(32), code: z.string().max(6), registrationKey: id }),
  response: z.object({ verified: z.boolean(), message: z.string().optional() }),
});

export const forgotPassword = route({
  method: 'POST',
  path: '/auth/client/forgot-password',
  auth: 'none',
  body: z.object({ email: z.string().max(254) }),
  response: ok,
});

export const resetPassword = route({
  method: 'POST',
  path: '/auth/client/reset-password',
  auth: 'none',
  body: z.object({ token: z.string().min(1).max(256), newPassword: z.string().min(6).max(256) }),
  response: ok,
});

export const verifyEmail = route({
  method: 'GET',
  path: '/auth/email-verification/verify',
  auth: 'none',
  query: z.object({ token: z.string().min(1).max(256) }),
  response: ok,
});

export const verifyPassword = route({
  method: 'POST',
  path: '/auth/client/verify-password',
  auth: 'user',
  body: z.object({ username, password }),
  response: z.object({ isValid: z.boolean() }),
});

export const checkUsername = route({
  method: 'GET',
  path: '/auth/client/check-username',
  auth: 'none',
  query: z.object({ username }),
  response: z.object({ available: z.boolean() }),
});

export const phoneStart = route({
  method: 'POST',
  path: '/auth/phone/start',
  auth: 'none',
  body: z.object({ phone: z.string().min(4).max(32) }),
  response: ok,
});

export const phoneCheck = route({
  method: 'POST',
  path: '/auth/phone/check',
  auth: 'none',
  body: z.object({ phone: z.string().max(32), code: z.string().max(6) }),
  response: z.object({ verified: z.boolean() }),
});

const oauthLoginData = loginResponseSchema;

export const oauthQrSession = route({
  method: 'POST',
  path: '/auth/client/oauth/:provider/qr-session',
  auth: 'none',
  params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
  response: z.object({ sessionId: id, authUrl: z.string(), expiresIn: z.number() }),
});

export const oauthQrStatus = route({
  method: 'GET',
  path: '/auth/client/oauth/qr-session/:sessionId/status',
  auth: 'none',
  params: z.object({ sessionId: id }),
  response: z.object({
    status: z.enum(['completed', 'expired', 'pending']),
    userData: z
      .object({
        provider: z.string(),
        email: z.string().nullable(),
        username: z.string().nullable(),
        name: z.string().nullable(),
        steamId: z.string().nullable(),
        loginData: oauthLoginData.nullable(),
      })
      .nullable(),
  }),
});

export const oauthCheckEmail = route({
  method: 'POST',
  path: '/auth/client/oauth/check-email',
  auth: 'none',
  body: z.object({
    email: z.string().max(254),
    provider: z.string().max(32),
    suggestedUsername: z.string().max(64),
    macAddress: mac,
  }),
  response: z.object({
    emailExists: z.boolean(),
    loginData: oauthLoginData.nullable(),
    userData: z
      .object({
        email: z.string(),
        suggestedUsername: z.string(),
        name: z.string().nullable(),
        provider: z.string(),
      })
      .nullable(),
  }),
});

export const linkSteam = route({
  method: 'POST',
  path: '/auth/client/link-steam',
  auth: 'user',
  body: z.object({ steamId: z.string().regex(/^\d{1,20}$/), steamUsername: z.string().max(64) }),
  response: ok,
});

export const unlinkSteam = route({
  method: 'DELETE',
  path: '/auth/client/unlink-steam',
  auth: 'user',
  response: ok,
});

// ── Profile, sessions, rewards, cards ──────────────────────────────────────

export const getProfile = route({
  method: 'GET',
  path: '/profile',
  auth: 'user',
  response: userSchema,
});

export const updateProfile = route({
  method: 'PUT',
  path: '/profile',
  auth: 'user',
  body: z.union([
    z.object({ currentPassword: password, newPassword: z.string().min(6).max(256) }),
    z
      .object({
        username: username.optional(),
        email: z.string().max(254).nullable().optional(),
        phoneNumber: z.string().max(32).nullable().optional(),
        displayName: z.string().max(64).nullable().optional(),
      })
      .strict(),
  ]),
  response: userSchema,
});

export const currentClientSession = route({
  method: 'GET',
  path: '/client-sessions/current/:userId',
  auth: 'user',
  params: z.object({ userId: id }),
  response: currentSessionSchema,
});

export const rewardsProgress = route({
  method: 'GET',
  path: '/rewards/user/progress',
  auth: 'user',
  response: progressSchema,
});

export const claimReward = route({
  method: 'POST',
  path: '/rewards/claim',
  auth: 'user',
  body: z.object({ rewardId: id }),
  response: ok,
});

export const claimEventReward = route({
  method: 'POST',
  path: '/rewards/events/claim',
  auth: 'user',
  body: z.object({ eventRewardId: id }),
  response: ok,
});

export const rewardTiers = route({
  method: 'GET',
  path: '/rewards/tiers',
  auth: 'user',
  response: z.array(tierSchema),
});

const redeemResult = z.object({
  success: z.boolean(),
  message: z.string(),
  balanceAdded: z.number(),
});

export const redeemPrepaid = route({
  method: 'POST',
  path: '/prepaid-cards/redeem',
  auth: 'user',
  body: z.object({ code: z.string().trim().min(1).max(32) }),
  response: redeemResult,
});

export const redeemPrepaidWithUsername = route({
  method: 'POST',
  path: '/prepaid-cards/redeem-with-username',
  auth: 'none',
  body: z.object({ code: z.string().trim().min(1).max(32), username }),
  response: redeemResult,
});

export const linkNfcCard = route({
  method: 'POST',
  path: '/nfc-cards/link',
  auth: 'user',
  body: z.object({ cardUid: z.string().min(1).max(64), nickname: z.string().max(64).optional() }),
  response: nfcCardSchema,
});

export const unlinkNfcCard = route({
  method: 'DELETE',
  path: '/nfc-cards/:id',
  auth: 'user',
  params: z.object({ id }),
  response: ok,
});

export const listNfcCards = route({
  method: 'GET',
  path: '/profile/nfc-cards',
  auth: 'user',
  response: z.array(nfcCardSchema),
});

export const verifyNfcCard = route({
  method: 'POST',
  path: '/nfc-cards/verify',
  auth: 'user',
  body: z.object({ cardUid: z.string().min(1).max(64) }),
  response: z.object({ valid: z.boolean(), userId: id.nullable() }),
});

export const renameNfcCard = route({
  method: 'PATCH',
  path: '/nfc-cards/:id',
  auth: 'user',
  params: z.object({ id }),
  body: z.object({ nickname: z.string().max(64) }),
  response: nfcCardSchema,
});

export const customerOffers = route({
  method: 'GET',
  path: '/offers/customer',
  auth: 'user',
  response: z.object({ success: z.boolean(), data: z.array(offerSchema) }),
});

export const placeOrder = route({
  method: 'POST',
  path: '/offers/orders',
  auth: 'user',
  body: z.object({ offerId: id }),
  response: ok,
});

const serviceCallBody = z.object({
  type: z.enum(SERVICE_CALL_TYPES),
  stationId: id,
  message: z.string().max(500),
});

export const serviceCallClient = route({
  method: 'POST',
  path: '/service-calls/client',
  auth: 'user',
  body: serviceCallBody,
  response: ok,
});

export const serviceCallGuest = route({
  method: 'POST',
  path: '/service-calls/guest',
  auth: 'user',
  body: serviceCallBody,
  response: ok,
});

// ── Games ──────────────────────────────────────────────────────────────────

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

// ── Media ──────────────────────────────────────────────────────────────────

export const mediaLogo = route({
  method: 'GET',
  path: '/cafe-settings/media/logo',
  auth: 'none',
  response: z.object({
    logo: z.object({ isActive: z.boolean(), filename: z.string(), downloadUrl: z.string() }).nullable(),
  }),
});

export const mediaBackgroundVideo = route({
  method: 'GET',
  path: '/cafe-settings/media/background-video',
  auth: 'none',
  response: z.object({
    video: z
      .object({ filename: z.string(), mimeType: z.string(), downloadUrl: z.string() })
      .nullable(),
  }),
});

export const MEDIA_FILE_PATH = '/cafe-settings/media/:name';

// ── Social ─────────────────────────────────────────────────────────────────

export const friendCodeSchema = z.string().regex(/^7\d{6}$/);

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
  response: z.array(loose),
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

// ── Admin (reference server's operator surface; not part of the station) ───

export const adminLogin = route({
  method: 'POST',
  path: '/admin/login',
  auth: 'none',
  body: z.object({ username, password }),
  response: z.object({ accessToken: z.string() }),
});

export const adminStationSchema = z.object({
  id,
  number: z.number().int(),
  name: z.string(),
  macAddress: z.string(),
  groupName: z.string().nullable(),
  status: stationStatusSchema,
  online: z.boolean(),
  lastHeartbeatAt: z.string().nullable(),
  currentSession: z
    .object({
      sessionId: id,
      username: z.string(),
      isGuest: z.boolean(),
      startTime: z.string(),
      remainingMinutes: z.number().nullable(),
    })
    .nullable(),
});
export type AdminStation = z.infer<typeof adminStationSchema>;

export const adminStations = route({
  method: 'GET',
  path: '/admin/stations',
  auth: 'admin',
  response: z.array(adminStationSchema),
});

export const adminHeartbeatSchema = z.object({
  stationId: id,
  receivedAt: z.string(),
  body: heartbeatBodySchema,
});

export const adminStationHeartbeats = route({
  method: 'GET',
  path: '/admin/stations/:stationId/heartbeats',
  auth: 'admin',
  params: z.object({ stationId: id }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
  response: z.array(adminHeartbeatSchema),
});

export const adminUnlockGuest = route({
  method: 'POST',
  path: '/admin/stations/:stationId/unlock-guest',
  auth: 'admin',
  params: z.object({ stationId: id }),
  /** minutes: prepaid guest time; omitted means an open (postpaid) guest session. */
  body: z.object({ minutes: z.number().int().min(1).max(24 * 60).optional() }),
  response: z.object({ sessionId: id, username: z.string() }),
});

export const adminSetStatus = route({
  method: 'POST',
  path: '/admin/stations/:stationId/status',
  auth: 'admin',
  params: z.object({ stationId: id }),
  body: z.object({ status: stationStatusSchema }),
  response: ok,
});

export const adminCommand = route({
  method: 'POST',
  path: '/admin/stations/:stationId/command',
  auth: 'admin',
  params: z.object({ stationId: id }),
  /**
   * timestamp: resend an earlier command unchanged (same command, station and
   * timestamp); a station runs such a duplicate only once within 3 s.
   */
  body: z.object({
    command: z.enum(STATION_COMMANDS),
    newName: z.string().max(64).optional(),
    timestamp: z.string().min(1).max(64).optional(),
  }),
  response: z.object({ success: z.boolean(), timestamp: z.string() }),
});

export const adminEndSession = route({
  method: 'POST',
  path: '/admin/sessions/:sessionId/end',
  auth: 'admin',
  params: z.object({ sessionId: id }),
  response: ok,
});

export const adminAddBalance = route({
  method: 'POST',
  path: '/admin/users/:username/balance',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ amount: z.number().int().min(-10_000_000).max(10_000_000) }),
  response: z.object({ success: z.boolean(), balance: z.number() }),
});

/** The development outbox: codes and emails the delivery provider wrote instead of sending. */
export const adminOutbox = route({
  method: 'GET',
  path: '/admin/outbox',
  auth: 'admin',
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
  response: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(['sms', 'email']),
      recipient: z.string(),
      subject: z.string(),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export { rewardSchema, eventRewardSchema };
