/**
 * SPEC §3 entities as zod schemas; the TypeScript types are inferred from
 * them so a shape is written once. Identifiers are strings throughout.
 */
import { z } from 'zod';
import { anyId, listOf, orAbsent, orElse, orNull, withAlternatives } from './api/tolerant.js';
import { stationCredentialSchema } from './stationCredential.js';

/** Ids in answers: any JSON scalar, read as a string (SPEC §3 does not type them). */
const id = anyId;
const isoDate = z.string().min(1).max(64);

// ── Station ────────────────────────────────────────────────────────────────

export const KNOWN_STATION_STATUSES = [
  'available',
  'in_use',
  'maintenance',
  'offline',
  'reserved',
] as const;
/** Any other string is allowed: it shows 'Station Not Available'. */
export const stationStatusSchema = z.string().min(1).max(32);
export type StationStatus = (typeof KNOWN_STATION_STATUSES)[number] | (string & {});
/**
 * The status of a staff lock (issue 23; our server and console, not the SPEC): the station shows the SPEC's
 * 'Station Not Available' with 'Station {number} is currently locked', then staff's message on a line of its own.
 */
export const LOCK_STATUS = 'locked';

/** True for the statuses that do not block the screen (SPEC §2). */
export function isOpenStatus(status: string): boolean {
  return status === 'available' || status === 'in_use';
}

export const macAddressSchema = z
  .string()
  .regex(/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, 'must be a MAC address like AA:BB:CC:DD:EE:FF');

export const connectionInfoSchema = z.object({
  macAddress: macAddressSchema,
  ipAddress: z.string().min(1).max(64),
  pcName: z.string().min(1).max(64),
  stationId: id,
  /** Where the cafe server is; the renderer's HTTP and socket base. */
  serverUrl: z.url(),
  /** The station credential when the station is enrolled; absent otherwise (issue 9). */
  stationCredential: stationCredentialSchema.optional(),
});
export type ConnectionInfo = z.infer<typeof connectionInfoSchema>;

export const stationInfoSchema = z.object({
  stationId: id,
  macAddress: macAddressSchema,
  ipAddress: z.string(),
});
export type StationInfo = z.infer<typeof stationInfoSchema>;

/**
 * SPEC §3 promises only "station (with groupId)": the number and status are
 * our server's extras (the number then comes from the session payloads, the
 * status from stationStatusChanged; absent, the station counts as available).
 */
export const stationSchema = z.object({
  id,
  number: orNull(z.number().int()),
  name: orElse(z.string(), ''),
  macAddress: orElse(z.string(), ''),
  groupId: orNull(id),
  status: orElse(stationStatusSchema, 'available'),
});
export type Station = z.infer<typeof stationSchema>;

export const stationGroupSchema = z.object({
  id: orNull(id),
  name: orElse(z.string(), ''),
  /** The rate in force now (a happy hour's while it runs). */
  hourlyRate: orNull(z.number().nonnegative()),
  /** Not in the SPEC (issue 26): the rate period giving hourlyRate and when it ends; absent: the plain rate. */
  ratePeriod: orAbsent(z.object({ name: z.string(), until: orNull(z.string()) })).optional(),
});
export type StationGroup = z.infer<typeof stationGroupSchema>;

export const announcementSchema = z.object({
  title: orElse(z.string(), ''),
  message: orElse(z.string(), ''),
  isActive: orElse(z.boolean(), false),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const wifiQrSchema = z.object({
  isActive: orElse(z.boolean(), false),
  /** A PNG as plain base64, without a data: prefix (the renderer adds data:image/png;base64,). */
  qrCodeBase64: z.string(),
});
export type WifiQr = z.infer<typeof wifiQrSchema>;

export const stationDetailsSchema = z.object({
  success: orElse(z.boolean(), true),
  station: stationSchema,
  group: orNull(stationGroupSchema),
  announcement: orNull(announcementSchema),
  wifiQR: orNull(wifiQrSchema),
});
export type StationDetails = z.infer<typeof stationDetailsSchema>;

// ── Users ──────────────────────────────────────────────────────────────────

export const USER_TYPES = ['admin', 'staff', 'regular', 'guest', 'vip'] as const;
export const userTypeSchema = z.string().min(1).max(32);

/** SPEC §3 lists a tier's fields without promising them: a missing one reads neutral (no benefit). */
export const tierSchema = z.object({
  name: orElse(z.string(), ''),
  xpMultiplier: orElse(z.number(), 1),
  rewardMultiplier: orElse(z.number(), 1),
  canEarnRewards: orElse(z.boolean(), false),
  hasNfcAccess: orElse(z.boolean(), false),
  canReserveStations: orElse(z.boolean(), false),
  maxReservationHours: orElse(z.number(), 0),
  description: orElse(z.string(), ''),
});
export type Tier = z.infer<typeof tierSchema>;

export const claimedRewardSchema = z.object({
  id,
  rewardDescription: orElse(z.string(), ''),
  createdAt: orElse(isoDate, ''),
  status: z.enum(['DELIVERED', 'CLAIMED', 'CANCELLED']),
  xpSpent: orElse(z.number(), 0),
});
export type ClaimedReward = z.infer<typeof claimedRewardSchema>;

/**
 * The user as the login response and GET /profile return it. The SPEC lists
 * these fields but promises only id and username (and level on GET /profile):
 * the others may be null or absent and read as null or a neutral value.
 */
export const userSchema = z.object({
  id,
  username: z.string(),
  email: orNull(z.string()),
  phoneNumber: orNull(z.string()),
  displayName: orNull(z.string()),
  avatarUrl: orNull(z.string()),
  type: orElse(userTypeSchema, 'regular'),
  isGuest: orElse(z.boolean(), false),
  sessionId: orNull(id),
  stationId: orNull(id),
  stationNumber: orNull(z.number().int()),
  xp: orElse(z.number(), 0),
  level: orElse(z.number().int(), 0),
  tier: orNull(tierSchema),
  createdAt: orElse(isoDate, ''),
  totalPlaytimeMinutes: orElse(z.number(), 0),
  balance: orElse(z.number(), 0),
  protectedBalance: orElse(z.number(), 0),
  protectedBalanceMinutes: orElse(z.number(), 0),
  lastLoginAt: orNull(isoDate),
  steamId: orNull(z.string()),
  claimedRewards: orElse(listOf(claimedRewardSchema, 'claimed reward'), []),
  requirePasswordReset: orElse(z.boolean(), false),
  requireBalanceTopUp: orElse(z.boolean(), false),
});
export type User = z.infer<typeof userSchema>;

/** The current user as the renderer keeps it (SPEC §3). */
export const currentUserSchema = z.object({
  id,
  username: z.string(),
  isGuest: z.boolean(),
  sessionId: id,
  stationId: id,
  stationNumber: z.number().int(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// ── Session ────────────────────────────────────────────────────────────────

/** The stored station session (SPEC §3 "session (stored)"). */
export const storedSessionSchema = z.object({
  id,
  sessionId: id,
  stationId: id,
  stationNumber: z.number().int(),
  username: z.string(),
  isGuest: z.boolean(),
  startTime: isoDate,
  macAddress: z.string(),
  ipAddress: z.string(),
  token: z.string(),
  /** Empty for a guest unlocked by a payload that named no user (SPEC §3 guest-unlock). */
  userId: z.string().max(128),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** The client state kept in local storage under STORAGE_KEY. */
export const localStateSchema = z.object({
  session: storedSessionSchema.nullable(),
  stationInfo: stationInfoSchema.nullable(),
  redirectFlag: z.boolean(),
});
export type LocalState = z.infer<typeof localStateSchema>;

/** SPEC §7 promises isPrepaid and remainingMinutes; the ids and start may be left out. */
export const currentSessionSchema = z.object({
  sessionId: orNull(id),
  userId: orNull(id),
  stationId: orNull(id),
  startTime: orNull(isoDate),
  isPrepaid: z.boolean(),
  /** null for a postpaid session with no limit (elapsed time is shown instead). */
  remainingMinutes: z.number().nullable(),
});
export type CurrentSession = z.infer<typeof currentSessionSchema>;

// ── Games ──────────────────────────────────────────────────────────────────

export const gameEntrySchema = z.object({
  /** SPEC §3 names the prefixes (plat-, game-, app-, peripheral-) but promises no pattern beyond them. */
  Json_ID: z.string().min(1).max(256),
  Name: z.string().min(1),
  Thumbnail: orElse(z.string(), ''),
  Platform: z.coerce.number().int(),
  /** None shows 'Uncategorized'. */
  Categories: orElse(z.array(z.number().int()), []),
  IsMultiPlatform: orElse(z.boolean(), false),
  App_ID: orNull(id),
});
export type GameEntry = z.infer<typeof gameEntrySchema>;

export const gameAccountSchema = withAlternatives({ sessionId: 'currentSessionId' }, z.object({
  id,
  username: orElse(z.string(), ''),
  /**
   * The SPEC's entity has it, so a SPEC-only server may send it (and the launch
   * then uses it); the reference server never sends it to a customer or guest:
   * only the enrolled station holding the account gets it, for the launch.
   */
  password: z.string().optional(),
  platform: z.coerce.number().int(),
  inUse: orElse(z.boolean(), false),
  /** SPEC §3: "sessionId or currentSessionId". */
  sessionId: orNull(id),
  gameId: orNull(id),
  gameName: orNull(z.string()),
  accountDisplayName: orElse(z.string(), ''),
}));
export type GameAccount = z.infer<typeof gameAccountSchema>;

export const gamePlayTrackingSchema = z.object({
  jsonId: z.string().min(1),
  sessionId: id,
  /** '' for a guest whose user id is not known (SPEC §5: only closing all games needs one). */
  userId: z.union([id, z.literal('')]),
  stationId: id,
});
export type GamePlayTracking = z.infer<typeof gamePlayTrackingSchema>;

/** SPEC §3: "gameName or name"; endTime and durationMinutes null (or absent) while it runs. */
export const gamePlayHistoryItemSchema = withAlternatives({ gameName: 'name' }, z.object({
  id,
  jsonId: orElse(z.string(), ''),
  gameName: z.string(),
  startTime: isoDate,
  endTime: orNull(isoDate),
  durationMinutes: orNull(z.number()),
}));
export type GamePlayHistoryItem = z.infer<typeof gamePlayHistoryItemSchema>;

// ── Rewards, offers, cards, social ─────────────────────────────────────────

export const rewardSchema = z.object({
  id,
  name: z.string(),
  description: orElse(z.string(), ''),
  requiredXp: z.number(),
  /** false means locked; absent reads as locked. */
  isEligible: orElse(z.boolean(), false),
  xpNeeded: orElse(z.number(), 0),
});
export type Reward = z.infer<typeof rewardSchema>;

/** SPEC §3: "endDate or eventEndDate". */
export const eventRewardSchema = withAlternatives(
  { endDate: 'eventEndDate' },
  rewardSchema.extend({
    benefit: orElse(z.string(), ''),
    endDate: orNull(isoDate),
  }),
);
export type EventReward = z.infer<typeof eventRewardSchema>;

/** SPEC §3: "allRewards or eligibleRewards, allEventRewards or eligibleEventRewards". */
export const progressSchema = withAlternatives(
  { allRewards: 'eligibleRewards', allEventRewards: 'eligibleEventRewards' },
  z.object({
    xp: z.number(),
    level: z.number().int(),
    /** Absent: the renderer falls back to the default level size (SPEC §9). */
    levelProgress: orNull(
      z.object({
        currentLevelXp: orAbsent(z.number()),
        nextLevelXp: orAbsent(z.number()),
        xpToNextLevel: orAbsent(z.number()),
        progress: orAbsent(z.number()),
      }),
    ),
    allRewards: orElse(listOf(rewardSchema, 'reward'), []),
    allEventRewards: orElse(listOf(eventRewardSchema, 'event reward'), []),
  }),
);
export type Progress = z.infer<typeof progressSchema>;
export type LevelProgress = NonNullable<Progress['levelProgress']>;

export const OFFER_TYPES = ['fixed_amount_discount', 'percentage_discount', 'credit_bonus'] as const;
export const offerSchema = z.object({
  id,
  name: z.string(),
  description: orElse(z.string(), ''),
  offerType: z.enum(OFFER_TYPES),
  minimumPurchase: orElse(z.number(), 0),
  discountAmount: orNull(z.number()),
  discountPercentage: orNull(z.number()),
  maximumDiscount: orNull(z.number()),
});
export type Offer = z.infer<typeof offerSchema>;

export const nfcCardSchema = z.object({
  id,
  cardUid: z.string(),
  nickname: orNull(z.string()),
  isActive: orElse(z.boolean(), true),
  createdAt: orNull(isoDate),
});
export type NfcCard = z.infer<typeof nfcCardSchema>;

export const PRESENCE_STATUSES = ['offline', 'online', 'playing', 'invisible'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];
export const PING_TYPES = ['location', 'game_invite', 'general'] as const;
export type PingType = (typeof PING_TYPES)[number];
export const SERVICE_CALL_TYPES = ['waiter', 'technical'] as const;

export const friendSchema = z.object({
  id,
  username: z.string(),
  displayName: orNull(z.string()),
  /** An unknown presence reads as offline. */
  status: z.enum(PRESENCE_STATUSES).catch('offline'),
  cafeName: orNull(z.string()),
  brandName: orNull(z.string()),
  currentGame: orNull(z.string()),
  lastSeen: orNull(isoDate),
});
export type Friend = z.infer<typeof friendSchema>;

export const OAUTH_PROVIDERS = ['google', 'apple', 'steam', 'discord', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** What every successful login answers (password, NFC, OAuth). */
export const loginResponseSchema = z.object({
  accessToken: z.string().min(1),
  user: userSchema,
  sessionId: id,
  stationId: id,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
