/**
 * A station's screen for staff (issue 24): staff ask and read (admin routes); the station uploads once. The
 * upload's parser lives only in this scope, behind a hook that checks the station's credential and its request
 * before any byte of the body is read; the body's bound is `config/body-limits.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { adminRequestScreenshot, adminScreenshot, adminScreenshots, SCREENSHOT_TYPES, stationUploadScreenshot } from '../../shared/api/routes.js';
import { requireStation } from '../authority/station-credential.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { admitUpload, listScreenshots, requestScreenshot, screenshotWithImage, storeUpload } from './service.js';

export function registerScreenshotRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, adminRequestScreenshot, ({ params, caller }) => requestScreenshot(ctx, params.stationId, signedIn(caller).username));
  registerRoute(app, ctx, adminScreenshots, ({ query }) => listScreenshots(ctx, query.stationId));
  registerRoute(app, ctx, adminScreenshot, ({ params }) => screenshotWithImage(ctx, params.id));

  app.register(async (scope) => {
    // Before the body is read: the asked station itself, for a request that still waits.
    scope.addHook('onRequest', async (request) => {
      const station = await requireStation(ctx, request);
      const { id } = request.params as { id?: string };
      await admitUpload(ctx.db, ctx.clock.now(), station, String(id ?? ''));
    });
    scope.addContentTypeParser([...SCREENSHOT_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerRoute(scope, ctx, stationUploadScreenshot, async ({ params, request, body }) => {
      const station = await requireStation(ctx, request);
      const contentType = String(request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      return storeUpload(ctx, station, params.id, contentType, body);
    });
  });
}
