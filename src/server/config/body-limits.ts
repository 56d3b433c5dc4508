/**
 * Bodies are bounded where they are read (issue 22): every route takes at
 * most DEFAULT_BODY_LIMIT unless it is listed here with its own bound. The
 * media uploads have theirs (and their parser) in `media/admin-routes.ts`,
 * which reads nothing before the caller is known to be the owner.
 */
import type { FastifyInstance } from 'fastify';
import { MEDIA_UPLOAD_LIMITS, SCREENSHOT_MAX_BYTES } from '../../shared/api/routes.js';

/** A login, a heartbeat, an admin form: a few KiB. 64 KiB leaves room for the longest lists staff send. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Routes that legitimately take more, by "METHOD path". */
export const LARGER_BODIES: Readonly<Record<string, number>> = {
  // A station's installed games: up to MAX_STATION_REPORT (10,000) Json_IDs of at most 128 characters.
  'PUT /games/station/:stationId/installed': 1536 * 1024,
  'PUT /admin/media/logo': MEDIA_UPLOAD_LIMITS.logo,
  'PUT /admin/media/background-video': MEDIA_UPLOAD_LIMITS.background_video,
  // A station's screen (issue 24): read only after the credential and the request are checked (screenshots/routes.ts).
  'PUT /station-screenshots/:id': SCREENSHOT_MAX_BYTES,
};

/** Gives each listed route its own bound as it is registered (call before registering routes). */
export function applyBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const limit = LARGER_BODIES[`${method} ${route.url}`];
      if (limit !== undefined && route.bodyLimit === undefined) route.bodyLimit = limit;
    }
  });
}
