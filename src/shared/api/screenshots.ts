/**
 * A station's screen, asked for by staff (issue 24: the SPEC's `ScreenShot` / `ScreenShotTaken` bridge
 * commands, as Gizmo does): staff ask (`POST /admin/stations/:stationId/screenshot`), the server tells that
 * station's socket (`screenshotRequested`), its shell captures the screen and uploads the image once to
 * `PUT /station-screenshots/:id` with the station's credential (PNG or JPEG, at most SCREENSHOT_MAX_BYTES,
 * refused before the body is read when the caller is not the asked station), and the console shows it.
 * Kept SCREENSHOT_KEEP_MS. Not in the SPEC: a SPEC-only server has none of these.
 */
import { z } from 'zod';
import { route } from './route.js';

export const SCREENSHOT_MAX_BYTES = 4 * 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg'] as const;
/** How long a request waits for its upload, and how long a taken screenshot is kept. */
export const SCREENSHOT_WAIT_MS = 60 * 1000;
export const SCREENSHOT_KEEP_MS = 24 * 60 * 60 * 1000;

const stationId = z.string().min(1).max(128);
export const screenshotSchema = z.object({
  id: z.string(),
  stationId,
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** requested: waiting for the station; taken: the image is here; expired: the station never sent it. */
  state: z.enum(['requested', 'taken', 'expired']),
  takenAt: z.string().nullable(),
  contentType: z.string().nullable(),
  bytes: z.number().int().nullable(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;

export const adminRequestScreenshot = route({
  method: 'POST',
  path: '/admin/stations/:stationId/screenshot',
  auth: 'admin',
  params: z.object({ stationId }),
  response: screenshotSchema.extend({ delivered: z.boolean() }),
});

export const adminScreenshots = route({
  method: 'GET',
  path: '/admin/screenshots',
  auth: 'admin',
  query: z.object({ stationId: stationId.optional() }),
  response: z.array(screenshotSchema),
});

/** One screenshot with its image (base64), for the console's viewer. */
export const adminScreenshot = route({
  method: 'GET',
  path: '/admin/screenshots/:id',
  auth: 'admin',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: screenshotSchema.extend({ imageBase64: z.string().nullable() }),
});

/** The station's upload: the image is the body (Content-Type image/png or image/jpeg), with X-Station-Credential. */
export const stationUploadScreenshot = route({
  method: 'PUT',
  path: '/station-screenshots/:id',
  auth: 'none',
  params: z.object({ id: z.string().min(1).max(64) }),
  body: z.unknown(),
  response: z.object({ success: z.literal(true), id: z.string(), bytes: z.number().int() }),
});
