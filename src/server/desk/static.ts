/**
 * Serves the built console (`out/console`, `npm run build`) at /console/ on
 * the cafe server's own origin. The console navigates with the URL hash, so
 * only its index and its files are served here.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CONSOLE_PATH = '/console/';

export async function installConsole(app: FastifyInstance, consoleDir: string | undefined): Promise<boolean> {
  const root = consoleDir ? resolve(consoleDir) : undefined;
  if (!root || !existsSync(resolve(root, 'index.html'))) return false;
  await app.register(fastifyStatic, { root, prefix: CONSOLE_PATH, decorateReply: false, index: 'index.html', wildcard: true });
  app.get('/console', (_request, reply) => reply.redirect(CONSOLE_PATH));
  return true;
}
