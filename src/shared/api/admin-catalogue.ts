/**
 * The cafe's catalogue as the operator console edits it (issue 15, not in the
 * SPEC): station groups and their hourly rates, a station's group, a centre
 * account's password (rotate; reveal: owner only, audited, never cached),
 * voiding prepaid cards, announcements and the WiFi QR shown at the stations.
 */
import { z } from 'zod';
import { id } from './fields.js';
import { route } from './route.js';

const isoTime = z.string();
const name = z.string().trim().min(1).max(64);
/** IQD per hour, whole, 0 = free play. */
const hourlyRate = z.number().int('IQD amounts are whole numbers').min(0).max(1_000_000);

// ── Station groups and rates ────────────────────────────────────────────────

export const stationGroupSchema = z.object({
  id,
  name: z.string(),
  hourlyRate: z.number(),
  stationCount: z.number().int(),
  createdAt: isoTime,
});
export type StationGroup = z.infer<typeof stationGroupSchema>;

export const adminStationGroups = route({
  method: 'GET',
  path: '/admin/station-groups',
  auth: 'admin',
  response: z.array(stationGroupSchema),
});

export const adminCreateStationGroup = route({
  method: 'POST',
  path: '/admin/station-groups',
  auth: 'admin',
  body: z.strictObject({ name, hourlyRate }),
  response: stationGroupSchema,
});

/** A new rate applies to sessions that start after it; a running session keeps the rate it started with. */
export const adminUpdateStationGroup = route({
  method: 'PATCH',
  path: '/admin/station-groups/:id',
  auth: 'admin',
  params: z.object({ id }),
  body: z
    .strictObject({ name: name.optional(), hourlyRate: hourlyRate.optional() })
    .refine((b) => b.name !== undefined || b.hourlyRate !== undefined, { message: 'Nothing to change: give name or hourlyRate.' }),
  response: stationGroupSchema,
});

/** Moves a station into a group (null: no group, so no rate: sessions there are free). */
export const adminSetStationGroup = route({
  method: 'POST',
  path: '/admin/stations/:stationId/group',
  auth: 'admin',
  params: z.object({ stationId: id }),
  body: z.strictObject({ groupId: id.nullable() }),
  response: z.object({ success: z.boolean(), stationId: id, groupId: id.nullable() }),
});

// ── Centre-account passwords ────────────────────────────────────────────────

/** Replaces the password (sealed at once; no answer carries it). */
export const adminRotateGameAccountPassword = route({
  method: 'POST',
  path: '/admin/game-accounts/:id/password',
  auth: 'admin',
  params: z.object({ id }),
  body: z.strictObject({ password: z.string().min(1).max(256) }),
  response: z.object({ success: z.boolean(), id }),
});

/** The one answer that carries a centre account's password: owner only, a POST so the audit log has it, no-store. */
export const adminRevealGameAccountPassword = route({
  method: 'POST',
  path: '/admin/game-accounts/:id/reveal',
  auth: 'admin',
  params: z.object({ id }),
  response: z.object({ id, username: z.string(), password: z.string() }),
});

// ── Prepaid cards: void ─────────────────────────────────────────────────────

/** Voids every card of a batch not redeemed yet, in one transaction; a redeemed card stays redeemed. */
export const adminVoidPrepaidBatch = route({
  method: 'POST',
  path: '/admin/prepaid-batches/:id/void',
  auth: 'admin',
  params: z.object({ id }),
  response: z.object({ success: z.boolean(), voided: z.number().int(), alreadyRedeemed: z.number().int() }),
});

/** Voids one card (its id from the listing, or its code as printed, any case); a redeemed or voided card is a 409. */
export const adminVoidPrepaidCard = route({
  method: 'POST',
  path: '/admin/prepaid-cards/:id/void',
  auth: 'admin',
  params: z.object({ id: z.string().trim().min(4).max(64) }),
  response: z.object({ success: z.boolean(), id: z.string(), hint: z.string(), voidedAt: isoTime }),
});

// ── Announcements ───────────────────────────────────────────────────────────

export const adminAnnouncementSchema = z.object({
  id,
  title: z.string(),
  message: z.string(),
  active: z.boolean(),
  createdAt: isoTime,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

const announcementFields = {
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(1000),
  active: z.boolean(),
};

/** Newest first; the stations show the newest active one. */
export const adminAnnouncements = route({
  method: 'GET',
  path: '/admin/announcements',
  auth: 'admin',
  response: z.array(adminAnnouncementSchema),
});

export const adminCreateAnnouncement = route({
  method: 'POST',
  path: '/admin/announcements',
  auth: 'admin',
  body: z.strictObject({ ...announcementFields, active: announcementFields.active.default(true) }),
  response: adminAnnouncementSchema,
});

export const adminUpdateAnnouncement = route({
  method: 'PATCH',
  path: '/admin/announcements/:id',
  auth: 'admin',
  params: z.object({ id }),
  body: z
    .strictObject({
      title: announcementFields.title.optional(),
      message: announcementFields.message.optional(),
      active: announcementFields.active.optional(),
    })
    .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change: name at least one field.' }),
  response: adminAnnouncementSchema,
});

// ── WiFi QR ─────────────────────────────────────────────────────────────────

export const WIFI_SECURITY = ['WPA', 'WEP', 'nopass'] as const;

export const adminWifiSchema = z.object({
  ssid: z.string(),
  /** PNG, plain base64: what the stations show. */
  qrCodeBase64: z.string(),
  active: z.boolean(),
  createdAt: isoTime,
});

/** The WiFi QR the stations show now (null: none). */
export const adminWifi = route({
  method: 'GET',
  path: '/admin/wifi',
  auth: 'admin',
  response: z.object({ wifi: adminWifiSchema.nullable() }),
});

/**
 * A new WiFi QR for the stations, generated on the server from the network's
 * name and password (the password is in the QR and nowhere else: it is not
 * stored). active:false takes the QR off the stations.
 */
export const adminSetWifi = route({
  method: 'PUT',
  path: '/admin/wifi',
  auth: 'admin',
  body: z.union([
    z.strictObject({
      ssid: z.string().trim().min(1).max(32),
      password: z.string().max(63).default(''),
      security: z.enum(WIFI_SECURITY).default('WPA'),
    }),
    z.strictObject({ active: z.literal(false) }),
  ]),
  response: z.object({ wifi: adminWifiSchema.nullable() }),
});
