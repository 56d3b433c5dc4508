/**
 * A cafe's own stations (issue 22, item 8): the owner adds a PC as a station
 * (its id, number, name and group), renames, renumbers and regroups it, then
 * pairs it (`enrolment.ts`). Owner only (shared/api/permissions.ts).
 */
import { z } from 'zod';
import { route } from './route.js';
import { id } from './fields.js';

/** A station id as the kiosk's station.json names it: letters, digits, dots, dashes, underscores. */
export const stationIdField = z.string().trim().regex(/^[A-Za-z0-9._-]{1,40}$/, 'Use 1–40 letters, digits, dots, dashes or underscores.');
const stationNumber = z.number().int().min(1).max(9999);
const stationName = z.string().trim().min(1).max(40);
/** A station group's id or name; null: no group. */
const groupRef = z.string().trim().min(1).max(64).nullable();

export const adminStationRowSchema = z.object({
  id,
  number: z.number().int(),
  name: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  /** Whether a credential is on file (the PC was paired and not revoked since). */
  paired: z.boolean(),
});
export type AdminStationRow = z.infer<typeof adminStationRowSchema>;

export const adminAddStation = route({
  method: 'POST',
  path: '/admin/stations',
  auth: 'admin',
  body: z.object({ stationId: stationIdField, number: stationNumber, name: stationName.optional(), group: groupRef.optional() }),
  response: adminStationRowSchema,
});

export const adminEditStation = route({
  method: 'PATCH',
  path: '/admin/stations/:stationId',
  auth: 'admin',
  params: z.object({ stationId: id }),
  body: z
    .object({ number: stationNumber.optional(), name: stationName.optional(), group: groupRef.optional() })
    .refine((b) => b.number !== undefined || b.name !== undefined || b.group !== undefined, 'Change the number, the name or the group.'),
  response: adminStationRowSchema,
});
