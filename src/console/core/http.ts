/**
 * The console's one door to the server: the shared route caller
 * (src/shared/api/http.ts) over fetch, same origin, the session cookie sent by
 * the browser, the CSRF token on every state-changing call, answers parsed
 * with the route's zod schema. Errors are RouteErrors carrying the server's
 * message; a 401 on an admin route means the session ended.
 */
import type { z } from 'zod';
import { CSRF_HEADER } from '../../shared/api/console.js';
import { createRouteCaller, fetchTransport, RouteError, type CallInput } from '../../shared/api/http.js';
import type { Route } from '../../shared/api/route.js';

export { RouteError as ApiError, type CallInput };

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
  const caller = createRouteCaller({
    send: fetchTransport(fetcher, { base, credentials: 'same-origin' }),
    headers: (method): Record<string, string> => (method !== 'GET' && csrf ? { [CSRF_HEADER]: csrf } : {}),
    onError(error, route) {
      if (error.kind === 'http' && error.status === 401 && route.auth === 'admin') for (const listener of signedOut) listener();
    },
  });
  return {
    call: (route, input) => caller.call(route, input),
    upload: (route, file, contentType) => caller.upload(route, file, contentType),
    setCsrf(token) {
      csrf = token;
    },
    onSignedOut(listener) {
      signedOut.push(listener);
    },
  };
}
