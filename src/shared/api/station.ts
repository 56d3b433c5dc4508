/** SPEC §7 Station and heartbeat. */
import { z } from 'zod';
import { route } from './route.js';
import { stationDetailsSchema } from '../entities.js';
import { id, mac } from './fields.js';
import { meterSnapshotSchema, type MeterSnapshot } from '../pricing/offline.js';

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

/**
 * The meter in our server's heartbeat answer, as the server checks its own
 * answer: by its session and instant only. The server builds it from parts it
 * parsed already (the price list when it was saved and read, the rows), and
 * the whole schema cost ≈ 50 µs of the event loop per heartbeat (against 6
 * for the SPEC's two fields); the full check is the reader's, `heartbeatMeter`.
 */
const heartbeatMeterField = z.custom<MeterSnapshot | null>(
  (value) =>
    value === null ||
    (typeof value === 'object' && typeof (value as MeterSnapshot).sessionId === 'string' && typeof (value as MeterSnapshot).at === 'number'),
  'a session meter',
);

/**
 * SPEC §7: "The response is not shown to be read" — the station reads no
 * field of it as the SPEC's, so any server's answer (bare included) works.
 * Our server adds `meter` (issue 26): the running session's meter for the
 * offline countdown (null: no session billed by the price list runs there).
 * The kiosk reads it with `heartbeatMeter`, which ignores a missing or
 * malformed one.
 */
export const stationHeartbeat = route({
  method: 'POST',
  path: '/station-heartbeat',
  auth: 'none',
  body: heartbeatBodySchema,
  response: z.object({ success: z.boolean(), serverTime: z.string(), meter: heartbeatMeterField.optional() }),
});

/**
 * The meter in a heartbeat's answer, if the server put one there: a snapshot,
 * null (the server carries meters, none applies now), or undefined (this
 * server does not carry them, or sent something unreadable: ignored).
 */
export function heartbeatMeter(answer: unknown): MeterSnapshot | null | undefined {
  if (typeof answer !== 'object' || answer === null || !('meter' in answer)) return undefined;
  const meter = (answer as { meter: unknown }).meter;
  if (meter === null) return null;
  const parsed = meterSnapshotSchema.safeParse(meter);
  return parsed.success ? parsed.data : undefined;
}

export const getStationDetails = route({
  method: 'POST',
  path: '/station-client/get-station-details',
  auth: 'none',
  body: z.object({ stationId: id }),
  response: stationDetailsSchema,
});
