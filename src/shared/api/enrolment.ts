/**
 * Station enrolment (issue 9; contract in the coordination notes, "The station
 * credential"): the operator issues a one-time pairing code, the station
 * exchanges it once for its credential, the operator can revoke it. Not part
 * of the SPEC: a SPEC-only server has none of these, and a station without a
 * credential simply presents none.
 */
import { z } from 'zod';
import { route } from './route.js';

const stationId = z.string().min(1).max(128);
const fingerprint = z.string().nullable();

export const adminPairingCode = route({
  method: 'POST',
  path: '/admin/stations/:stationId/pairing-code',
  auth: 'admin',
  params: z.object({ stationId }),
  response: z.object({ stationId, pairingCode: z.string(), expiresAt: z.string(), certificateFingerprint: fingerprint }),
});

export const adminRevokeCredential = route({
  method: 'DELETE',
  path: '/admin/stations/:stationId/credential',
  auth: 'admin',
  params: z.object({ stationId }),
  response: z.object({ success: z.boolean(), message: z.string() }),
});

export const stationEnrolmentExchange = route({
  method: 'POST',
  path: '/station-enrolment/exchange',
  auth: 'none',
  body: z.object({
    stationId,
    pairingCode: z.string().min(1).max(32),
    macAddress: z.string().max(64).optional(),
    pcName: z.string().max(64).optional(),
  }),
  response: z.object({ stationId, stationCredential: z.string(), certificateFingerprint: fingerprint }),
});

export const stationAlertSchema = z.object({
  id: z.number().int(),
  stationId,
  kind: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type StationAlert = z.infer<typeof stationAlertSchema>;

/** What the operator should look at: refused second connections, revocations (newest first). */
export const adminStationAlerts = route({
  method: 'GET',
  path: '/admin/station-alerts',
  auth: 'admin',
  query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
  response: z.array(stationAlertSchema),
});
