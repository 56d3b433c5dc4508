/**
 * The console's one door to the server: the admin routes declared in
 * src/shared/api, same origin, the session cookie sent by the browser, the
 * CSRF token on every state-changing call, answers parsed with the route's
 * zod schema. Errors carry the server's message.
 */
import type { z } from 'zod';
import { CSRF_HEADER } from '../../shared/api/console.js';
import { routePath, type Route } from '../../shared/api/route.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface Http {
  call<T extends Route>(route: T, input?: CallInput): Promise<z.output<T['response']>>;
  /** A file as the raw body (the admin media routes), its own Content-Type, the CSRF header. */
  upload<T extends Route>(route: T, file: Blob, contentType: string): Promise<z.output<T['response']>>;
  setCsrf(token: string | null): void;
  /** Called on a 401 (the session ended): the console shows the sign-in again. */
  onSignedOut(listener: () => void): void;
}

export function createHttp(base = '', fetcher: typeof fetch = (...args) => fetch(...args)): Http {
  let csrf: string | null = null;
  const signedOut: (() => void)[] = [];
  async function answer<T extends Route>(route: T, res: Response): Promise<z.output<T['response']>> {
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const message = (json as { message?: unknown } | null)?.message;
      if (res.status === 401 && route.auth === 'admin') for (const listener of signedOut) listener();
      throw new ApiError(res.status, typeof message === 'string' ? message : `HTTP ${res.status}`);
    }
    const parsed = route.response.safeParse(json);
    if (!parsed.success) throw new ApiError(500, `Unexpected answer from ${route.path}`);
    return parsed.data as z.output<T['response']>;
  }
  return {
    async upload<T extends Route>(route: T, file: Blob, contentType: string): Promise<z.output<T['response']>> {
      const headers: Record<string, string> = { accept: 'application/json', 'content-type': contentType };
      if (csrf) headers[CSRF_HEADER] = csrf;
      const res = await fetcher(`${base}${routePath(route.path)}`, { method: route.method, headers, credentials: 'same-origin', body: file });
      return answer(route, res);
    },
    setCsrf(token) {
      csrf = token;
    },
    onSignedOut(listener) {
      signedOut.push(listener);
    },
    async call<T extends Route>(route: T, input: CallInput = {}): Promise<z.output<T['response']>> {
      const query = Object.entries(input.query ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
      const search = query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}` : '';
      const headers: Record<string, string> = { accept: 'application/json' };
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      if (hasBody) headers['content-type'] = 'application/json';
      if (route.method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
      const res = await fetcher(`${base}${routePath(route.path, input.params)}${search}`, {
        method: route.method,
        headers,
        credentials: 'same-origin',
        body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
      });
      return answer(route, res);
    },
  };
}
