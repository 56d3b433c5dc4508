/** SPEC §7 Station and heartbeat. */
import { z } from 'zod';
import { route } from './route.js';
import { stationDetailsSchema } from '../entities.js';
import { id, mac } from './fields.js';

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
