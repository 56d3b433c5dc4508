/**
 * Every failed HTTP call surfaces as one ApiError, so callers (heartbeat,
 * login, sessions) never look at how the request was made.
 */
import { bodyMessageOf } from '../../../shared/api/http.js';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status, when the server answered. */
    readonly status?: number,
    readonly statusText?: string,
    /** The `message` of the server's error body, when it sent one. */
    readonly serverMessage?: string,
    /** Seconds from a 429's Retry-After header, when it sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** "status code and text" for an HTTP error, else the error message (SPEC §8 heartbeat). */
  describe(): string {
    if (this.status === undefined) return this.message;
    return this.statusText ? `${this.status} ${this.statusText}` : String(this.status);
  }
}

/** The ApiError of an answer with a status outside 2xx (the body's `message` and a Retry-After kept). */
export function httpFailure(status: number, statusText: string, body: unknown, retryAfterSeconds?: number): ApiError {
  return new ApiError(`Request failed with status code ${status}`, 'http', status, statusText, bodyMessageOf(body), retryAfterSeconds);
}

/** Convert anything a request threw into an ApiError (the client throws ApiErrors; anything else had no answer). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(error instanceof Error ? error.message : String(error), 'network');
}

/** The server's own reason for refusing a request (a 4xx with a message: too little balance, offer gone), else undefined. */
export function refusalText(error: unknown): string | undefined {
  const failure = toApiError(error);
  return failure.kind === 'http' && failure.status !== undefined && failure.status < 500 ? failure.serverMessage || undefined : undefined;
}

/** Describe any error for a log or a status line. */
export function describeError(error: unknown): string {
  return toApiError(error).describe();
}
