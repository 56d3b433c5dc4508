/**
 * Serves the built renderer (if there is one) and falls back to index.html
 * for GET pages that are not API routes, so /password and /verify-email load
 * the app. Anything else unknown is a JSON 404.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allRoutes, MEDIA_FILE_PATH, THUMBNAIL_PREFIX } from '../../shared/api/routes.js';
import { SOCKET_NAMESPACE } from '../../shared/socket/events.js';
import { errorBody } from '../base/errors.js';

/** First path segments that belong to the API: never answered with the SPA. */
export const API_PREFIXES: ReadonlySet<string> = new Set([
  ...allRoutes.map((entry) => firstSegment(entry.route.path)),
  firstSegment(MEDIA_FILE_PATH),
  firstSegment(THUMBNAIL_PREFIX),
  firstSegment(SOCKET_NAMESPACE),
  'socket.io',
]);

function firstSegment(path: string): string {
  return path.split('/').filter(Boolean)[0] ?? '';
}

export function isApiPath(path: string): boolean {
  return API_PREFIXES.has(firstSegment(path));
}

/** A GET for a page: not an API path, and not a file (a missing /assets/x.js stays a 404). */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path.split('/').pop() ?? '');
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !looksLikeFile;
}

export async function installSpa(app: FastifyInstance, rendererDir: string | undefined): Promise<boolean> {
  const root = rendererDir ? resolve(rendererDir) : undefined;
  const serve = root !== undefined && existsSync(resolve(root, 'index.html'));
  if (serve) await app.register(fastifyStatic, { root, wildcard: true, index: 'index.html' });

  app.setNotFoundHandler((request, reply) => {
    if (serve && wantsPage(request)) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
  return serve;
}
