/**
 * Staff replace the cafe's face: PUT /admin/media/logo (image/png) and
 * PUT /admin/media/background-video (video/mp4 or video/webm), the raw file as
 * the body. The Content-Type must be one the route takes and the file must
 * start like one (PNG signature, an MP4 `ftyp` box, the WebM/EBML magic);
 * bodies are bounded (MEDIA_UPLOAD_LIMITS). The raw-file parser exists only
 * in these two routes' own scope, and nothing of the body is read before the
 * caller is authenticated as someone who may upload (issue 22): a stranger's
 * 40 MiB body is answered 401 after its headers. The file replaces the old one in
 * the media folder atomically, and every station is sent
 * `mediaUpdated {type}` so it drops its 30-minute cache and fetches again.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Server } from 'socket.io';
import {
  adminUploadBackgroundVideo,
  adminUploadLogo,
  MEDIA_CONTENT_TYPES,
  MEDIA_UPLOAD_LIMITS,
} from '../../shared/api/routes.js';
import { mediaUpdatedSchema, SOCKET_NAMESPACE } from '../../shared/socket/events.js';
import type { ServerContext } from '../context.js';
import { authenticate } from '../authority/caller.js';
import { badRequest, conflict, HttpError } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { checkAdminCaller, checkOrigin } from '../authority/admin-gate.js';

type MediaType = keyof typeof MEDIA_UPLOAD_LIMITS;

const FILES: Record<string, string> = {
  'image/png': 'logo.png',
  'video/mp4': 'background.mp4',
  'video/webm': 'background.webm',
};

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => Buffer.from(b.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'video/mp4': (b) => Buffer.from(b.subarray(4, 8)).toString('latin1') === 'ftyp',
  'video/webm': (b) => Buffer.from(b.subarray(0, 4)).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
};

export const NO_MEDIA_DIR = 'This server has no media folder: start it with SPAWNPOINT_MEDIA_DIR set to keep uploads.';

function contentType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any typed io: only the /events namespace is used
export function registerMediaAdminRoutes(app: FastifyInstance, ctx: ServerContext, mediaDir: string | undefined, io: Server<any, any, any, any>): void {
  const dir = mediaDir ? resolve(mediaDir) : undefined;
  app.register(async (scope) => {
    // Before the body is read: who is sending it (the route's full check runs again in the handler, audited).
    scope.addHook('onRequest', async (request) => {
      checkOrigin(request, ctx.publicUrl);
      const caller = await authenticate(request, 'admin', ctx);
      if (!caller) return;
      const key = `${request.method} ${request.routeOptions.url ?? ''}`;
      try {
        checkAdminCaller(request, caller, key);
      } catch (error) {
        await ctx.audit.record({
          caller,
          action: key,
          params: (request.params ?? {}) as Record<string, unknown>,
          statusCode: error instanceof HttpError ? error.statusCode : 500,
          error: error instanceof Error ? error.message : String(error),
          ip: request.ip ?? null,
        });
        throw error;
      }
    });
    // The file is the body, bounded by each route's own limit (config/body-limits.ts).
    scope.addContentTypeParser(Object.keys(FILES), { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerRoute(scope, ctx, adminUploadLogo, ({ request, body }) => store('logo', request, body));
    registerRoute(scope, ctx, adminUploadBackgroundVideo, ({ request, body }) => store('background_video', request, body));
  });

  function store(type: MediaType, request: FastifyRequest, body: unknown) {
    const mime = contentType(request);
    const allowed: readonly string[] = MEDIA_CONTENT_TYPES[type];
    if (!allowed.includes(mime) || !(body instanceof Uint8Array)) {
      throw new HttpError(415, `Send the ${type === 'logo' ? 'logo' : 'background video'} file as the body with Content-Type ${allowed.join(' or ')}, not '${mime || 'no content type'}'.`);
    }
    if (body.length === 0) throw badRequest('The file is empty.');
    if (body.length > MEDIA_UPLOAD_LIMITS[type]) {
      throw new HttpError(413, `The file is ${body.length} bytes; the limit is ${MEDIA_UPLOAD_LIMITS[type]} bytes.`);
    }
    if (!SIGNATURES[mime]?.(body)) throw badRequest(`The file does not look like ${mime}.`);
    if (!dir) throw conflict(NO_MEDIA_DIR);
    const filename = FILES[mime] as string;
    mkdirSync(dir, { recursive: true });
    const temporary = join(dir, `.upload-${randomBytes(6).toString('hex')}`);
    writeFileSync(temporary, body);
    renameSync(temporary, join(dir, filename));
    // One background video at a time: the other format would shadow or outlive the new one.
    for (const other of allowed.map((m) => FILES[m] as string)) {
      if (other !== filename && existsSync(join(dir, other))) rmSync(join(dir, other));
    }
    const payload = mediaUpdatedSchema.parse({ type });
    io.of(SOCKET_NAMESPACE).emit('mediaUpdated', payload);
    ctx.log.info({ type, filename, bytes: body.length }, 'media replaced; stations told');
    return { success: true, type, filename, bytes: body.length };
  }
}
