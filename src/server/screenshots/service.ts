/**
 * A station's screen for staff (issue 24): the request (told to the station's socket), the station's one upload,
 * the list and the image. Who may ask is the authority's (staff, `permissions.ts`); who may upload is decided
 * here, before the body is read: the asked station's own credential, once, while the request waits.
 */
import { SCREENSHOT_KEEP_MS, SCREENSHOT_WAIT_MS, type Screenshot } from '../../shared/api/screenshots.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import type { Db, StationRow } from '../db/schema.js';
import type { StationScreenshotTable } from '../db/tables/stations.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../base/errors.js';
import { stationOr404 } from '../stations/service.js';

export const UPLOAD_PATH = (id: string) => `/station-screenshots/${encodeURIComponent(id)}`;
export const NOT_ASKED = 'This station was not asked for that screenshot.';
export const ALREADY_TAKEN = 'That screenshot was already uploaded.';
export const TOO_LATE = 'That screenshot request has expired: staff must ask again.';

function view(row: StationScreenshotTable, now: number): Screenshot {
  return {
    id: row.id,
    stationId: row.station_id,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    state: row.taken_at ? 'taken' : now - Date.parse(row.requested_at) > SCREENSHOT_WAIT_MS ? 'expired' : 'requested',
    takenAt: row.taken_at,
    contentType: row.content_type,
    bytes: row.bytes,
  };
}

/** Staff ask for a station's screen: a request row, and the station told if it is connected. Old rows go. */
export async function requestScreenshot(ctx: ServerContext, stationId: string, by: string) {
  const station = await stationOr404(ctx.db, stationId);
  const now = ctx.clock.now();
  await ctx.db.deleteFrom('station_screenshots').where('requested_at', '<', new Date(now - SCREENSHOT_KEEP_MS).toISOString()).execute();
  const row: StationScreenshotTable = {
    id: newId('shot'),
    station_id: station.id,
    requested_by: by,
    requested_at: isoNow(ctx.clock),
    taken_at: null,
    content_type: null,
    bytes: null,
    image_base64: null,
  };
  await ctx.db.insertInto('station_screenshots').values(row).execute();
  const delivered = await ctx.events.isConnected(station.id);
  ctx.events.emit(station.id, 'screenshotRequested', { id: row.id, stationId: station.id, uploadPath: UPLOAD_PATH(row.id) });
  return { ...view(row, now), delivered };
}

export async function listScreenshots(ctx: ServerContext, stationId: string | undefined): Promise<Screenshot[]> {
  let query = ctx.db.selectFrom('station_screenshots').selectAll().orderBy('requested_at', 'desc').limit(50);
  if (stationId) query = query.where('station_id', '=', stationId);
  const now = ctx.clock.now();
  return (await query.execute()).map((row) => view(row, now));
}

export async function screenshotWithImage(ctx: ServerContext, id: string) {
  const row = await ctx.db.selectFrom('station_screenshots').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such screenshot.');
  return { ...view(row, ctx.clock.now()), imageBase64: row.image_base64 };
}

/** Before the body is read: this station was asked for this screenshot, and it is still waiting. */
export async function admitUpload(db: Db, now: number, station: StationRow, id: string): Promise<void> {
  const row = await db.selectFrom('station_screenshots').select(['station_id', 'taken_at', 'requested_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.station_id !== station.id) throw forbidden(NOT_ASKED);
  if (row.taken_at) throw conflict(ALREADY_TAKEN);
  if (now - Date.parse(row.requested_at) > SCREENSHOT_WAIT_MS) throw new HttpError(410, TOO_LATE);
}

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};

/** The upload itself: an image of the type it says, stored once (a race of two uploads: one wins, 409). */
export async function storeUpload(ctx: ServerContext, station: StationRow, id: string, contentType: string, body: unknown) {
  await admitUpload(ctx.db, ctx.clock.now(), station, id);
  const check = SIGNATURES[contentType];
  if (!check) throw new HttpError(415, `Send the screenshot as image/png or image/jpeg, not '${contentType || 'no content type'}'.`);
  if (!(body instanceof Uint8Array) || !check(body)) throw badRequest(`The body does not look like ${contentType}.`);
  const written = await ctx.db
    .updateTable('station_screenshots')
    .set({ taken_at: isoNow(ctx.clock), content_type: contentType, bytes: body.length, image_base64: Buffer.from(body).toString('base64') })
    .where('id', '=', id)
    .where('station_id', '=', station.id)
    .where('taken_at', 'is', null)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) throw conflict(ALREADY_TAKEN);
  ctx.log.info({ stationId: station.id, id, bytes: body.length }, 'screenshot taken');
  return { success: true as const, id, bytes: body.length };
}
