/**
 * The operator's surface for centre-account pools (not in the SPEC): who holds
 * what, adding an account (its password is write-only: no answer ever carries
 * it), disabling, force-releasing and clearing a failed-launch flag.
 */
import { z } from 'zod';
import { offersCentreAccounts } from '../catalog/platforms.js';
import { route } from './route.js';
import { id, password } from './fields.js';
import { jsonId } from './games.js';

export const centreAccountPlatform = z
  .number()
  .int()
  .refine(offersCentreAccounts, {
    message: 'centre accounts exist only for Steam (3), Epic (4), {host} (5), Riot (6), EA (7) and Ubisoft (8)',
  });

export const adminGameAccountSchema = z.object({
  id,
  platform: z.number().int(),
  username: z.string(),
  accountDisplayName: z.string(),
  stationGroupId: id.nullable(),
  stationGroupName: z.string().nullable(),
  /** The games it serves; empty: every game of its platform. */
  games: z.array(z.object({ jsonId: z.string(), name: z.string() })),
  disabled: z.boolean(),
  /** A failed launch; who took it at the counter (issue 15). Unflagging clears it. */
  flag: z
    .object({ at: z.string(), reason: z.string(), acknowledgedBy: z.string().nullable().default(null), acknowledgedAt: z.string().nullable().default(null) })
    .nullable(),
  holder: z
    .object({
      sessionId: id,
      userId: id,
      username: z.string(),
      stationId: id,
      stationNumber: z.number().int().nullable(),
      since: z.string(),
      launchedJsonId: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type AdminGameAccount = z.infer<typeof adminGameAccountSchema>;

export const adminGameAccounts = route({
  method: 'GET',
  path: '/admin/game-accounts',
  auth: 'admin',
  query: z.object({ platform: z.coerce.number().int().optional() }),
  response: z.array(adminGameAccountSchema),
});

/**
 * The cafe's game catalogue for staff: what a centre account can be bound to, picked by name (issue 23), never typed
 * ids. `platform` narrows it to one platform; `q` finds by name (any case, anywhere in it). At most 500, by name.
 */
export const adminGameCatalogue = route({
  method: 'GET',
  path: '/admin/games',
  auth: 'admin',
  query: z.object({ platform: z.coerce.number().int().optional(), q: z.string().trim().max(100).optional() }),
  response: z.array(z.object({ jsonId: z.string(), name: z.string(), platform: z.number().int() })),
});

export const adminAddGameAccount = route({
  method: 'POST',
  path: '/admin/game-accounts',
  auth: 'admin',
  body: z.object({
    platform: centreAccountPlatform,
    username: z.string().trim().min(1).max(128),
    password,
    /** A station group's id or name; omitted: every group. */
    stationGroup: z.string().trim().min(1).max(128).optional(),
    games: z.array(jsonId).max(500).optional(),
  }),
  response: adminGameAccountSchema,
});

const accountAction = (path: string) =>
  route({ method: 'POST', path, auth: 'admin', params: z.object({ id }), response: adminGameAccountSchema });

export const adminDisableGameAccount = accountAction('/admin/game-accounts/:id/disable');
export const adminEnableGameAccount = accountAction('/admin/game-accounts/:id/enable');
/** Frees an account whatever holds it (a crashed station that never comes back). */
export const adminReleaseGameAccount = accountAction('/admin/game-accounts/:id/release');
export const adminUnflagGameAccount = accountAction('/admin/game-accounts/:id/unflag');

/** A play as staff see it (issue 11): who played what, where, for how long. */
export const adminPlaySchema = z.object({
  id,
  jsonId: z.string(),
  gameName: z.string(),
  userId: id,
  username: z.string().nullable(),
  sessionId: id,
  stationId: id,
  stationNumber: z.number().int().nullable(),
  startTime: z.string(),
  /** null while the game runs. */
  endTime: z.string().nullable(),
  durationMinutes: z.number().nullable(),
});
export type AdminPlay = z.infer<typeof adminPlaySchema>;

/** The latest plays, newest first; active=true: only the games running now. */
export const adminPlays = route({
  method: 'GET',
  path: '/admin/plays',
  auth: 'admin',
  query: z.object({
    limit: z.coerce.number().int().min(1).max(500).optional(),
    active: z.enum(['true', 'false']).optional(),
  }),
  response: z.array(adminPlaySchema),
});
