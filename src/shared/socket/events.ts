/**
 * SPEC §7 realtime socket: namespace /events. Every server→client payload has
 * a zod schema: the renderer parses what it receives and drops (with a log
 * line) whatever does not match. Client→server payloads are schemas too; the
 * server validates them the same way.
 */
import { z } from 'zod';
import { stationStatusSchema } from '../entities.js';
import { anyId, orElse } from '../api/tolerant.js';
import { customerOrderSchema } from '../api/profile.js';
import { packageOrderSchema } from '../api/admin-pricing.js';

export const SOCKET_NAMESPACE = '/events';
export const SOCKET_TRANSPORTS = ['websocket', 'polling'] as const;

/** Ids of any JSON scalar, read as strings (SPEC §3 does not type them). */
const id = anyId;
const timestamp = z.union([z.string().min(1).max(64), z.number()]);

/** The handshake query a station sends. */
export const stationHandshakeSchema = z.object({
  clientType: z.literal('station'),
  stationId: id,
  macAddress: z.string().min(1).max(64),
  ipAddress: z.string().max(64).default(''),
  stationName: z.string().max(64).default(''),
  userId: z.string().max(128).default(''),
});
export type StationHandshake = z.infer<typeof stationHandshakeSchema>;

// ── Client → server ────────────────────────────────────────────────────────

export const stationStatusUpdateSchema = z.object({
  status: stationStatusSchema,
  timestamp,
  stationId: id,
  macAddress: z.string(),
});

export const stationUnlockAckSchema = z.object({
  sessionId: z.string().max(128),
  success: z.boolean(),
  errorMessage: z.string().max(500).optional(),
  stationId: id,
  macAddress: z.string(),
  timestamp,
});

export const updateUserIdSchema = z.object({ userId: z.string().max(128) });

export const clientToServerSchemas = {
  station_status_update: stationStatusUpdateSchema,
  station_unlock_ack: stationUnlockAckSchema,
  updateUserId: updateUserIdSchema,
} as const;

export type ClientToServerPayloads = {
  [K in keyof typeof clientToServerSchemas]: z.infer<(typeof clientToServerSchemas)[K]>;
};

// ── Server → client ────────────────────────────────────────────────────────

export const STATION_COMMANDS = [
  'OPEN_TASK_MANAGER',
  'LOGOUT_USER',
  'RESTART_PC',
  'RESTART',
  'SHUTDOWN_PC',
  'SHUTDOWN',
  'RENAME_PC',
] as const;
export type StationCommandName = (typeof STATION_COMMANDS)[number];

export const stationCommandSchema = z.object({
  command: z.enum(STATION_COMMANDS),
  stationId: id,
  timestamp,
  newName: z.string().max(64).optional(),
});

export const stationStatusChangedSchema = z.object({
  stationId: id,
  status: stationStatusSchema,
  stationNumber: z.number().int().optional(),
  /** Not in the SPEC (issue 23, our server only): staff's message with the status (a lock), shown on its own line. */
  message: z.string().max(200).optional().catch(undefined),
  /** Not in the SPEC (issue 23, our server only): when the status ends by itself (a hold's end), ISO. */
  until: z.string().max(64).optional().catch(undefined),
});

export const stationStatusAckSchema = z.object({
  stationId: id,
  status: stationStatusSchema,
  timestamp: timestamp.optional(),
});

export const sessionStartedSchema = z.object({
  sessionId: id,
  stationId: id,
  stationNumber: z.number().int(),
  userId: id,
  username: z.string().min(1),
  startTime: z.string(),
  isGuest: orElse(z.boolean(), false),
  macAddress: orElse(z.string(), ''),
  ipAddress: orElse(z.string(), ''),
  token: z.string().optional(),
});

export const sessionEndedSchema = z.object({
  sessionId: id,
  stationId: id,
  userId: id.optional(),
  reason: z.string().max(200).optional(),
});

export const sessionBalanceUpdateSchema = z.object({
  sessionId: id,
  userId: id,
  xp: z.number().optional(),
  level: z.number().int().optional(),
  totalUsableBalance: z.number(),
  remainingMinutes: z.number().nullable(),
});

/**
 * guestUnlocked is deliberately unchecked here: the session service must
 * answer any bad payload — even one that is not an object — with a negative
 * station_unlock_ack, so nothing may be dropped. guestUnlockedPayloadSchema accepts it.
 */
export const guestUnlockedAnySchema = z.unknown();

/**
 * The guest-unlock DOM event of SPEC §5 needs the station id and number, the
 * guest's user id and username, and the session id.
 */
export const guestUnlockSchema = z
  .object({
    sessionId: id,
    stationId: id,
    stationNumber: z.number().int(),
    userId: id,
    guestUsername: z.string().min(1).optional(),
    username: z.string().min(1).optional(),
    token: z.string().optional(),
    remainingMinutes: z.number().nullable().optional(),
  })
  .refine((p) => Boolean(p.guestUsername ?? p.username), { message: 'username missing' });
export type GuestUnlock = z.infer<typeof guestUnlockSchema>;

/**
 * The guestUnlocked socket payload exactly as SPEC §3 lists it: sessionId,
 * stationId, stationNumber, guestUsername or username, token. No user id is
 * promised (one that comes along is kept).
 */
export const guestUnlockedPayloadSchema = z
  .object({
    sessionId: id,
    stationId: id,
    stationNumber: z.number().int(),
    userId: id.nullish(),
    guestUsername: z.string().min(1).nullish(),
    username: z.string().min(1).nullish(),
    token: z.string().nullish(),
    remainingMinutes: z.number().nullish(),
  })
  .refine((p) => Boolean(p.guestUsername ?? p.username), { message: 'username missing' });
export type GuestUnlockedPayload = z.infer<typeof guestUnlockedPayloadSchema>;

export const gameAccountStatusChangedSchema = z.looseObject({ platform: z.number().int() });
export const gamesUpdatedSchema = z.looseObject({
  type: z.enum(['global', 'global_bulk', 'station_report']),
});
export const mediaUpdatedSchema = z.object({ type: z.enum(['logo', 'background_video']) });
const loose = z.looseObject({});

/**
 * The station events §7 names without fields (issue 24), every field
 * optional so a bare event is still read:
 * - stationHeartbeat: the server asks this station for a heartbeat now;
 * - stationHeartbeatAck: the server heard this station's heartbeat (the
 *   reference server sends it after each POST /station-heartbeat);
 * - guestUnlockAck: the server's answer to station_unlock_ack, shaped as §3's
 *   guest unlock acknowledgment (a refusal carries success: false);
 * - connectionStatus: the server's word on this station's connection
 *   (`connected` and/or `status`; anything but connected is a refusal).
 */
export const stationHeartbeatSchema = z.looseObject({ stationId: id.optional(), timestamp: timestamp.optional() });
export const stationHeartbeatAckSchema = z.looseObject({
  stationId: id.optional(),
  timestamp: timestamp.optional(),
  serverTime: timestamp.optional(),
});
export const guestUnlockAckSchema = z.looseObject({
  sessionId: id.optional(),
  success: z.boolean().optional(),
  errorMessage: z.string().max(500).nullish(),
  stationId: id.optional(),
  macAddress: z.string().optional(),
  timestamp: timestamp.optional(),
});
export const connectionStatusSchema = z.looseObject({
  connected: z.boolean().optional(),
  status: z.string().max(64).optional(),
  stationId: id.optional(),
  timestamp: timestamp.optional(),
});
/** connectionStatus says the connection is up unless it says otherwise. */
export function connectionConfirmed(payload: z.infer<typeof connectionStatusSchema>): boolean {
  if (payload.connected === false) return false;
  return payload.status === undefined || ['connected', 'online', 'ok', 'ready'].includes(payload.status.toLowerCase());
}

/**
 * The friend events (SPEC §7 names them, not their fields): every field is
 * optional, so the station reacts to a bare event (it refetches the lists)
 * and uses what comes along for the toast. The reference server sends: the
 * other customer (userId, username, displayName); requestId and sentAt with a
 * request; friendshipId with an acceptance; their presence (status,
 * currentGame, cafeName, brandName, lastSeen) with online / offline / status
 * changes, removed: true on the friendOffline of a removal; pingId, type,
 * message, sentAt, stationNumber and currentGame with a ping.
 */
const optionalText = z.string().max(200).nullish();
export const friendEventSchema = z.looseObject({
  userId: id.optional(),
  username: optionalText,
  displayName: optionalText,
  requestId: id.optional(),
  friendshipId: id.optional(),
  pingId: id.optional(),
  sentAt: timestamp.optional(),
  status: z.enum(['offline', 'online', 'playing', 'invisible']).optional(),
  currentGame: optionalText,
  cafeName: optionalText,
  brandName: optionalText,
  lastSeen: optionalText,
  removed: z.boolean().optional(),
  type: z.enum(['location', 'game_invite', 'general']).optional(),
  message: optionalText,
  stationNumber: z.number().int().optional(),
});

/** Not in the SPEC (issue 24, our server only): staff asked for this station's screen; upload it to `uploadPath`. */
export const screenshotRequestedSchema = z.object({ id: z.string(), stationId: z.string(), uploadPath: z.string() });

export const serverToClientSchemas = {
  screenshotRequested: screenshotRequestedSchema,
  /** Not in the SPEC (issue 23, our server only): staff approved or rejected this customer's order. */
  orderUpdated: customerOrderSchema,
  /** Not in the SPEC (issue 26, our server only): staff approved or rejected this customer's package order. */
  packageOrderUpdated: packageOrderSchema,
  stationStatusChanged: stationStatusChangedSchema,
  stationCommand: stationCommandSchema,
  stationHeartbeat: stationHeartbeatSchema,
  stationHeartbeatAck: stationHeartbeatAckSchema,
  stationStatusAck: stationStatusAckSchema,
  sessionStarted: sessionStartedSchema,
  sessionEnded: sessionEndedSchema,
  sessionBalanceUpdate: sessionBalanceUpdateSchema,
  guestUnlocked: guestUnlockedAnySchema,
  guestUnlockAck: guestUnlockAckSchema,
  systemAlert: loose,
  connectionStatus: connectionStatusSchema,
  gameAccountStatusChanged: gameAccountStatusChangedSchema,
  'app:launched': loose,
  'app:closed': loose,
  'games:updated': gamesUpdatedSchema,
  'game-installation:updated': loose,
  mediaUpdated: mediaUpdatedSchema,
  friendRequestReceived: friendEventSchema,
  friendRequestAccepted: friendEventSchema,
  friendOnline: friendEventSchema,
  friendOffline: friendEventSchema,
  friendStatusChanged: friendEventSchema,
  friendPingReceived: friendEventSchema,
} as const;

export type ServerToClientEvent = keyof typeof serverToClientSchemas;
export type ServerToClientPayloads = {
  [K in ServerToClientEvent]: z.infer<(typeof serverToClientSchemas)[K]>;
};
export const SERVER_TO_CLIENT_EVENTS = Object.keys(serverToClientSchemas) as ServerToClientEvent[];

/** Socket.io typed-event maps for both ends. */
export type ServerToClientEvents = {
  [K in ServerToClientEvent]: (payload: ServerToClientPayloads[K]) => void;
};
export type ClientToServerEvents = {
  station_status_update: (payload: ClientToServerPayloads['station_status_update']) => void;
  station_unlock_ack: (payload: ClientToServerPayloads['station_unlock_ack']) => void;
  updateUserId: (
    payload: ClientToServerPayloads['updateUserId'],
    ack?: (reply: unknown) => void,
  ) => void;
};

/**
 * Parse a payload for an event. Returns the typed payload, or null (and the
 * reason) when it does not match; callers drop it with a log line.
 */
export function parseServerEvent<K extends ServerToClientEvent>(
  event: K,
  payload: unknown,
): { ok: true; data: ServerToClientPayloads[K] } | { ok: false; error: string } {
  const result = serverToClientSchemas[event].safeParse(payload);
  return result.success
    ? { ok: true, data: result.data as ServerToClientPayloads[K] }
    : { ok: false, error: z.prettifyError(result.error) };
}

/** Socket.io room a station joins; the server emits station events to it. */
export function stationRoom(stationId: string): string {
  return `station:${stationId}`;
}
