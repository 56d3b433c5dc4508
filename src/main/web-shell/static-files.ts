/**
 * Serves the built renderer over HTTP, with the resolution rules of
 * renderer-files/resolve.ts (the Electron app:// protocol uses the same).
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor } from '../renderer-files/content-types.js';
import { resolveRendererFile } from '../renderer-files/resolve.js';

const COMMON_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function sendFile(req: IncomingMessage, res: ServerResponse, path: string, size: number): void {
  res.writeHead(200, {
    ...COMMON_HEADERS,
    'Content-Type': contentTypeFor(path),
    'Content-Length': size,
    'Cache-Control': path.endsWith('.html') ? 'no-cache' : 'public, max-age=300',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(path)
    .on('error', () => res.destroy())
    .pipe(res);
}

export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return sendText(res, 405, 'Method not allowed');
  }
  const file = await resolveRendererFile(root, req.url ?? '/');
  if (file.kind === 'forbidden') return sendText(res, 403, 'Forbidden');
  if (file.kind === 'not-found') return sendText(res, 404, 'Not found');
  sendFile(req, res, file.path, file.size);
}
