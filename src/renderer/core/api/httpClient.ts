/**
 * SPEC §7 HTTP client over the platform's `fetch` (issue 27: axios cost the
 * lock screen 21 KB gzip for what is a few lines here): the cafe server as
 * base (the page origin until the shell tells us the server URL), a 10 s
 * timeout (an abort signal), JSON, the Bearer token and the station
 * credential when set. One typed `call` driven by the shared route
 * descriptors; answers are parsed with the route's schema. Every failure is
 * one ApiError (apiError.ts), with the same kinds and messages as before.
 */
import { HTTP_TIMEOUT_MS } from '../../../shared/constants.js';
import { retryAfterOf } from '../../../shared/api/http.js';
import {
  routePath,
  type Route,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '../../../shared/api/route.js';
import { bearer } from '../../../shared/validation/auth.js';
import { STATION_CREDENTIAL_HEADER } from '../../../shared/stationCredential.js';
import { ApiError, httpFailure } from './apiError.js';

export interface CallOptions<R extends Route> {
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
  /** Parse the response with the route's schema (default true). */
  validate?: boolean;
}

export interface ApiClient {
  call<R extends Route>(route: R, options?: CallOptions<R>): Promise<RouteResponse<R>>;
  setBaseUrl(url: string): void;
  getBaseUrl(): string;
  setToken(token: string | null): void;
  /** The station credential sent as X-Station-Credential on every call (null: none). */
  setStationCredential(credential: string | null): void;
  /** Resolve a server path (a thumbnail, a media file) against the base URL. */
  resolveUrl(path: string): string;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Replaces the network in tests (default: the global fetch, looked up at each call). */
  fetch?: typeof fetch;
  /** Milliseconds before a call gives up (default SPEC §7's 10 s). */
  timeoutMs?: number;
  /**
   * The signal that aborts a call after `ms` (default `AbortSignal.timeout`: the browser's own timer, as
   * XMLHttpRequest's timeout was — not a page timer that a hidden window's throttling or a test clock moves).
   */
  timeoutSignal?: (ms: number) => AbortSignal;
  log?: Pick<Console, 'warn'>;
}

/**
 * `null` when the answer is not a refusal; otherwise the server's words for it
 * (its `message`, or its `error` text), '' when it gave none.
 */
export function refusalOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { success, message, error } = body as { success?: unknown; message?: unknown; error?: unknown };
  if (success !== false) return null;
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim()) return error;
  return '';
}

/** The base and the path joined with one slash (an absolute path URL is kept as it is). */
export function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  return base ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
}

/** A query string of the values given (undefined and null left out), '' when none. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  if (pairs.length === 0) return '';
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value));
  return `?${new URLSearchParams(pairs.map(([key, value]) => [key, text(value)])).toString()}`;
}

/** The body as JSON when it is JSON, the text as it is otherwise ('' for none). */
function parseBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  let baseUrl = options.baseUrl;
  let token: string | null = null;
  let stationCredential: string | null = null;
  const log = options.log ?? console;
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;

  const requestHeaders = (withBody: boolean): Record<string, string> => ({
    Accept: 'application/json',
    ...(withBody ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { Authorization: bearer(token) } : {}),
    ...(stationCredential ? { [STATION_CREDENTIAL_HEADER]: stationCredential } : {}),
  });

  /** One request; the timeout covers the answer's body too. Resolves with the status, its text and the body. */
  async function send(method: string, url: string, body: string | undefined) {
    const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
    const signal = (options.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms)))(timeoutMs);
    try {
      const response = await fetcher(url, {
        method,
        headers: requestHeaders(body !== undefined),
        ...(body !== undefined ? { body } : {}),
        signal,
      });
      const data = parseBody(await response.text());
      return { status: response.status, statusText: response.statusText, data, retryAfter: response.headers.get('retry-after') };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal.aborted) throw new ApiError(`timeout of ${timeoutMs}ms exceeded`, 'timeout');
      throw new ApiError('Network Error', 'network');
    }
  }

  return {
    async call(route, callOptions = {}) {
      const path = routePath(route.path, (callOptions.params ?? {}) as Record<string, string | number>);
      const url = joinUrl(baseUrl, path) + queryString(callOptions.query as Record<string, unknown> | undefined);
      const body = route.method === 'GET' ? undefined : JSON.stringify(callOptions.body ?? {});
      const answer = await send(route.method, url, body);
      let data = answer.data;
      const { status, statusText } = answer;
      if (status < 200 || status > 299) throw httpFailure(status, statusText, data, retryAfterOf(answer.retryAfter));
      // SPEC §7/§8: a body that says `success: false` is a refusal, whatever the status.
      const refusal = refusalOf(data);
      if (refusal !== null) {
        throw new ApiError(refusal || statusText || 'Request refused', 'http', status, statusText, refusal || undefined);
      }
      // Where the SPEC shows no answer, a bare 2xx (204, an empty body) is a success: read it as {}.
      if (data === undefined || data === null || (typeof data === 'string' && data.trim() === '')) data = {};
      if (callOptions.validate === false) return data as RouteResponse<typeof route>;
      const parsed = route.response.safeParse(data);
      if (!parsed.success) {
        log.warn(`[api] ${route.method} ${route.path}: unexpected response`, parsed.error.issues);
        throw new ApiError('Invalid response from server', 'invalid-response');
      }
      return parsed.data as RouteResponse<typeof route>;
    },
    setBaseUrl(url) {
      baseUrl = url;
    },
    getBaseUrl: () => baseUrl,
    setToken(next) {
      token = next;
    },
    setStationCredential(next) {
      stationCredential = next;
    },
    resolveUrl(path) {
      try {
        return new URL(path, baseUrl).href;
      } catch {
        return path;
      }
    },
  };
}
