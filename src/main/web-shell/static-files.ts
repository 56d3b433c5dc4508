/**
 * Serves the built renderer: files with their content types, index.html for
 * app routes (GET paths without a file extension), and a refusal for any
 * path that tries to leave the directory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';

export type StaticTarget =
  | { kind: 'file'; path: string }
  | { kind: 'index' }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Where a request path (as sent, percent-encoded, maybe with a query) leads inside root. */
export async function resolveStatic(root: string, requestPath: string): Promise<StaticTarget> {
  const pathname = requestPath.split(/[?#]/, 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'forbidden' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return { kind: 'forbidden' };
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..')) return { kind: 'forbidden' };
  const base = resolve(root);
  const full = resolve(base, `.${decoded}`);
  if (full !== base && !full.startsWith(base + sep)) return { kind: 'forbidden' };
  if (segments.some((segment) => segment.startsWith('.') && segment !== '.')) return { kind: 'not-found' };

  const stats = await stat(full).catch(() => null);
  if (stats?.isFile()) return { kind: 'file', path: full };
  return extname(decoded) === '' ? { kind: 'index' } : { kind: 'not-found' };
}

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
  const target = await resolveStatic(root, req.url ?? '/');
  if (target.kind === 'forbidden') return sendText(res, 403, 'Forbidden');
  if (target.kind === 'not-found') return sendText(res, 404, 'Not found');
  const path = target.kind === 'file' ? target.path : resolve(root, 'index.html');
  const stats = await stat(path).catch(() => null);
  if (!stats?.isFile()) return sendText(res, 404, 'Not found');
  sendFile(req, res, path, stats.size);
}
