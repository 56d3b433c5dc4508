/**
 * Calling a route descriptor, whatever carries the bytes (issue 21: one HTTP
 * client shape for the console and the kiosk). The transport is a function
 * the app hands in — `fetch` in the console, a fake in
 * tests — so this module has no I/O of its own:
 *
 *   const http = createRouteCaller({ send: fetchTransport(fetch, { credentials: 'same-origin' }) });
 *   const offers = await http.call(adminOffers);                 // parsed with the route's schema
 *   await http.call(adminUpdateOffer, { params: { id }, body });  // :id filled and URL-encoded
 *
 * Every failure is one `RouteError`:
 * - `http`: the server answered with a status of 400 or more (`status`, the server's own `message`,
 *   `retryAfterSeconds` of a 429/503),
 * - `refused`: a 2xx answer saying `success: false` (SPEC §7 answers carry `success`; a false one is
 *   a failure with the server's message) — unless the call asks for the answer as data
 *   (`{ refusalIsData: true }`, for answers such as a prepaid redeem whose `success` the screen shows),
 * - `network`: no answer (offline, DNS, CORS, a timeout of the transport: `timeout`),
 * - `invalid-response`: an answer the route's schema does not accept.
 */
import type { z } from 'zod';
import { routePath, type HttpMethod, type Route } from './route.js';

export type RouteErrorKind = 'http' | 'refused' | 'network' | 'timeout' | 'invalid-response';

export class RouteError extends Error {
  override readonly name = 'RouteError';
  constructor(
    message: string,
    readonly kind: RouteErrorKind,
    /** The route called, as `METHOD /path/:param`. */
    readonly route: string,
    /** HTTP status, when the server answered. */
    readonly status?: number,
    /** The server's own `message` (or `error`), when it sent one. */
    readonly serverMessage?: string,
    /** Seconds from a Retry-After header, when it sent one. */
    readonly retryAfterSeconds?: number,
    /** The server's error body as sent (e.g. a `code` and a `limit` to say it in the reader's language). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** What the caller asks the transport to send: the path is relative to the transport's base. */
export interface RouteRequest {
  method: HttpMethod;
  /** The filled path with its query string, e.g. /admin/customers?q=ali */
  url: string;
  headers: Record<string, string>;
  /** JSON text, or a file sent as the raw body (uploads). */
  body?: string | Blob;
}

/** What the transport got back. `body` is the parsed JSON (null when empty or not JSON). */
export interface RouteAnswer {
  status: number;
  body: unknown;
  /** Response header lookup (lower-case names), when the transport has them. */
  header?(name: string): string | null | undefined;
}

/** Sends one request; rejects only when no answer came (the caller turns that into a `network` error). */
export type Transport = (request: RouteRequest) => Promise<RouteAnswer>;

export interface CallInput {
  params?: Record<string, string | number>;
  /** Query values; undefined and '' are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A 2xx `success: false` is returned as data instead of thrown (see above). */
  refusalIsData?: boolean;
}

export interface RouteCallerOptions {
  send: Transport;
  /** Headers for every call (a token, a station credential, a CSRF token on state-changing calls). */
  headers?(method: HttpMethod): Record<string, string | undefined>;
  /** Told about every failure before it is thrown (e.g. a 401 signs the console out). */
  onError?(error: RouteError, route: Route): void;
}

export interface RouteCaller {
  call<R extends Route>(route: R, input?: CallInput): Promise<z.output<R['response']>>;
  /** A file as the raw body with its own Content-Type (the admin media routes). */
  upload<R extends Route>(route: R, file: Blob, contentType: string, input?: Omit<CallInput, 'body'>): Promise<z.output<R['response']>>;
}

const textField = (body: unknown, key: string): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
};

/** The `message` of an answer's body, when it is a non-empty string (what the kiosk shows as the server's words). */
export function bodyMessageOf(body: unknown): string | undefined {
  return textField(body, 'message');
}

/** The server's own words in an error body: `message`, else `error` (e.g. "Not Found"), else undefined. */
export function serverMessageOf(body: unknown): string | undefined {
  return textField(body, 'message') ?? textField(body, 'error');
}

/** Seconds of a Retry-After header given in seconds (an HTTP date or junk gives undefined). */
export function retryAfterOf(raw: string | number | null | undefined): number | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The path with its params filled and its query string (undefined and '' values left out). */
export function routeUrl(route: Route, input: Pick<CallInput, 'params' | 'query'> = {}): string {
  const query = Object.entries(input.query ?? {}).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== '');
  const search = query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}` : '';
  return `${routePath(route.path, input.params)}${search}`;
}

const label = (route: Route) => `${route.method} ${route.path}`;

/** Turns an answer into the route's parsed output, or the RouteError it stands for. */
export function readAnswer<R extends Route>(route: R, answer: RouteAnswer, options: { refusalIsData?: boolean } = {}): z.output<R['response']> {
  const serverMessage = serverMessageOf(answer.body);
  if (answer.status >= 400 || answer.status < 200) {
    throw new RouteError(serverMessage ?? `HTTP ${answer.status}`, 'http', label(route), answer.status, serverMessage, retryAfterOf(answer.header?.('retry-after')), answer.body);
  }
  if (!options.refusalIsData && typeof answer.body === 'object' && answer.body !== null && (answer.body as { success?: unknown }).success === false) {
    throw new RouteError(serverMessage ?? 'The server refused the request', 'refused', label(route), answer.status, serverMessage);
  }
  const parsed = route.response.safeParse(answer.body);
  if (!parsed.success) throw new RouteError(`Unexpected answer from ${route.path}`, 'invalid-response', label(route), answer.status);
  return parsed.data as z.output<R['response']>;
}

export function createRouteCaller(options: RouteCallerOptions): RouteCaller {
  async function run<R extends Route>(route: R, request: RouteRequest, input: CallInput): Promise<z.output<R['response']>> {
    try {
      let answer: RouteAnswer;
      try {
        answer = await options.send(request);
      } catch (error) {
        if (error instanceof RouteError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new RouteError(message || 'No answer from the server', timedOut ? 'timeout' : 'network', label(route));
      }
      return readAnswer(route, answer, input);
    } catch (error) {
      if (error instanceof RouteError) options.onError?.(error, route);
      throw error;
    }
  }
  const headersFor = (method: HttpMethod): Record<string, string> => {
    const extra = Object.entries(options.headers?.(method) ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
    return { accept: 'application/json', ...Object.fromEntries(extra) };
  };
  return {
    call(route, input = {}) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const headers: Record<string, string> = { ...headersFor(route.method), ...(hasBody ? { 'content-type': 'application/json' } : {}) };
      return run(route, { method: route.method, url: routeUrl(route, input), headers, ...(hasBody ? { body: JSON.stringify(input.body ?? {}) } : {}) }, input);
    },
    upload(route, file, contentType, input = {}) {
      const headers = { ...headersFor(route.method), 'content-type': contentType };
      return run(route, { method: route.method, url: routeUrl(route, input), headers, body: file }, input);
    },
  };
}

/** A Transport over fetch: `base` is prefixed to every path; the JSON body is parsed (non-JSON reads as null). */
export function fetchTransport(fetcher: typeof fetch, init: { base?: string; credentials?: RequestCredentials } = {}): Transport {
  return async (request) => {
    const res = await fetcher(`${init.base ?? ''}${request.url}`, {
      method: request.method,
      headers: request.headers,
      ...(init.credentials ? { credentials: init.credentials } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body, header: (name) => res.headers.get(name) };
  };
}
