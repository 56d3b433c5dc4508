/**
 * Every failed HTTP call surfaces as one ApiError, so callers (heartbeat,
 * login, sessions) never look at axios internals.
 */
import { isAxiosError } from 'axios';

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
  ) {
    super(message);
  }

  /** "status code and text" for an HTTP error, else the error message (SPEC §8 heartbeat). */
  describe(): string {
    if (this.status === undefined) return this.message;
    return this.statusText ? `${this.status} ${this.statusText}` : String(this.status);
  }
}

function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** Convert anything a request threw into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (error.response) {
      return new ApiError(
        error.message,
        'http',
        error.response.status,
        error.response.statusText,
        serverMessageOf(error.response.data),
      );
    }
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    return new ApiError(error.message, timedOut ? 'timeout' : 'network');
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 'network');
}

/** Describe any error for a log or a status line. */
export function describeError(error: unknown): string {
  return toApiError(error).describe();
}
