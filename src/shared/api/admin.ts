/** The reference server's operator surface (not part of the station, not in the SPEC). */
import { z } from 'zod';
import { route } from './route.js';
import { stationStatusSchema } from '../entities.js';
import { STATION_COMMANDS } from '../socket/events.js';
import { id, ok, password, username } from './fields.js';
import { heartbeatBodySchema } from './station.js';

/** The bearer door's answer to an account with an authenticator that sent no code (the CLI then asks for it). */
export const TOTP_NEEDED = 'This account uses two-step sign-in: send totp, the 6 digits of its authenticator.';

export const adminLogin = route({
  method: 'POST',
  path: '/admin/login',
  auth: 'none',
  /** totp: the authenticator's 6 digits, for accounts that set up two-step sign-in (issue 15). */
  body: z.object({ username, password, totp: z.string().trim().regex(/^\d{6}$/).optional() }),
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
  /** Whether a credential is on file: paired and not revoked since (issue 22; optional for older servers). */
  paired: z.boolean().optional(),
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
  /**
   * message (issue 23): staff's words with the status — a lock (`LOCK_STATUS`) "Please come to the desk" —
   * sent to the station beside the status and shown on a line of its own; another status clears it.
   */
  body: z.object({ status: stationStatusSchema, message: z.string().trim().min(1).max(200).optional() }),
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
  auditRead: true,
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

