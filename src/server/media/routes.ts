/**
 * SPEC §7 Media: GET /cafe-settings/media/logo and /background-video, files
 * at /cafe-settings/media/{name}. The reference server takes them from a
 * media folder (SPAWNPOINT_MEDIA_DIR): `background.mp4`/`background.webm`
 * and `logo.png`; absent files answer null and the station shows its gradient.
 */
import { createReadStream, existsSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MEDIA_FILE_PATH, mediaBackgroundVideo, mediaLogo } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { notFound } from '../base/errors.js';
import { registerRoute } from '../http/route.js';

const TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.webm': 'video/webm', '.png': 'image/png' };
const VIDEO_FILES = ['background.webm', 'background.mp4'];

export function registerMediaRoutes(app: FastifyInstance, ctx: ServerContext, mediaDir: string | undefined): void {
  const dir = mediaDir ? resolve(mediaDir) : undefined;
  const present = (name: string) => (dir && existsSync(join(dir, name)) ? name : undefined);
  const url = (name: string) => MEDIA_FILE_PATH.replace(':name', encodeURIComponent(name));

  registerRoute(app, ctx, mediaBackgroundVideo, () => {
    const name = VIDEO_FILES.find(present);
    return { video: name ? { filename: name, mimeType: TYPES[extname(name)] ?? 'video/mp4', downloadUrl: url(name) } : null };
  });

  registerRoute(app, ctx, mediaLogo, () => {
    const name = present('logo.png');
    return { logo: name ? { isActive: true, filename: name, downloadUrl: url(name) } : null };
  });

  app.get<{ Params: { name: string } }>(MEDIA_FILE_PATH, (request, reply) => {
    const name = basename(request.params.name);
    const type = TYPES[extname(name)];
    if (!dir || !type || !present(name)) throw notFound(`No media file ${name}`);
    return reply.type(type).header('cache-control', 'public, max-age=1800').send(createReadStream(join(dir, name)));
  });
}
