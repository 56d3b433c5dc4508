/**
 * SPEC §7 HTTP client: axios with the cafe server as base (the page origin
 * until the shell tells us the server URL), a 10 s timeout, JSON, and the
 * Bearer token when one is set. One typed `call` driven by the shared route
 * descriptors; responses are parsed with the route's schema.
 */
import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import { HTTP_TIMEOUT_MS } from '../../../shared/constants.js';
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
import { ApiError, toApiError } from './apiError.js';

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
  /** Replaces the network in tests. */
  adapter?: AxiosAdapter;
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

export function createApiClient(options: ApiClientOptions): ApiClient {
  let baseUrl = options.baseUrl;
  let token: string | null = null;
  let stationCredential: string | null = null;
  const log = options.log ?? console;
  const http: AxiosInstance = axios.create({
    timeout: HTTP_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  const requestHeaders = (): Record<string, string> => ({
    ...(token ? { Authorization: bearer(token) } : {}),
    ...(stationCredential ? { [STATION_CREDENTIAL_HEADER]: stationCredential } : {}),
  });

  return {
    async call(route, callOptions = {}) {
      const url = routePath(route.path, (callOptions.params ?? {}) as Record<string, string | number>);
      let data: unknown;
      let status = 0;
      let statusText = '';
      try {
        const response = await http.request({
          method: route.method,
          baseURL: baseUrl,
          url,
          params: callOptions.query,
          data: route.method === 'GET' ? undefined : (callOptions.body ?? {}),
          headers: requestHeaders(),
        });
        data = response.data;
        status = response.status;
        statusText = response.statusText;
      } catch (error) {
        throw toApiError(error);
      }
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
