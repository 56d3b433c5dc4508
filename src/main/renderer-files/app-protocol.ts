/**
 * What the app:// protocol answers: the built renderer, resolved exactly as
 * the web shell resolves it (renderer-files/resolve.ts), for the host
 * `station` only, with the Content-Security-Policy on HTML. Pure apart from
 * reading the directory; renderer-files/protocol-handler.ts turns the answer
 * into an Electron Response.
 */
import { contentTypeFor } from './content-types.js';
import { isAppSchemeUrl } from './app-scheme.js';
import { resolveRendererFile } from './resolve.js';

export interface AppRequest {
  url: string;
  method: string;
}

export interface AppAnswer {
  status: 200 | 403 | 404 | 405;
  headers: Record<string, string>;
  /** The file whose bytes are the body; null for an empty body (an error, or HEAD). */
  filePath: string | null;
}

const COMMON_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

/**
 * The path part of the URL as it was written, before URL parsing folds
 * `..` and `%2e%2e` away: a request that tries to climb out is refused, not
 * quietly served something else.
 */
function rawPath(url: string): string {
  const rest = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*(.*)$/is.exec(url)?.[1] ?? '';
  return rest.startsWith('/') || rest.startsWith('\\') ? rest : `/${rest}`;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function refusal(status: 403 | 404 | 405, extra: Record<string, string> = {}): AppAnswer {
  return { status, headers: { ...COMMON_HEADERS, ...extra }, filePath: null };
}

export async function answerAppRequest(request: AppRequest, rendererDir: string, csp: string): Promise<AppAnswer> {
  const url = parse(request.url);
  if (!url || !isAppSchemeUrl(url)) return refusal(404);
  if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, { Allow: 'GET, HEAD' });

  const file = await resolveRendererFile(rendererDir, rawPath(request.url));
  if (file.kind === 'forbidden') return refusal(403);
  if (file.kind === 'not-found') return refusal(404);
  const contentType = contentTypeFor(file.path);
  const headers: Record<string, string> = { ...COMMON_HEADERS, 'Content-Type': contentType };
  if (contentType.startsWith('text/html')) headers['Content-Security-Policy'] = csp; // eng-disable CSP_GLOBAL_CHECK -- the policy is built by security/csp.ts and checked in tests/main/app-protocol.test.ts
  return { status: 200, headers, filePath: request.method === 'HEAD' ? null : file.path };
}
