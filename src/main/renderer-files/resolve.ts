/**
 * Which file of the built renderer a request path leads to, shared by the
 * web shell (HTTP) and the Electron app:// protocol: files as they are,
 * index.html for app routes (paths without a file extension: the browser
 * router runs inside), a refusal for any path that tries to leave the
 * directory, and nothing for hidden files or missing assets.
 */
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

export type StaticTarget =
  | { kind: 'file'; path: string }
  | { kind: 'index' }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

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

export type RendererFile =
  | { kind: 'file'; path: string; size: number }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

/** resolveStatic with the index resolved to root/index.html: the file to send, if any. */
export async function resolveRendererFile(root: string, requestPath: string): Promise<RendererFile> {
  const target = await resolveStatic(root, requestPath);
  if (target.kind === 'forbidden' || target.kind === 'not-found') return target;
  const path = target.kind === 'file' ? target.path : resolve(root, 'index.html');
  const stats = await stat(path).catch(() => null);
  return stats?.isFile() ? { kind: 'file', path, size: stats.size } : { kind: 'not-found' };
}
