/**
 * The errors every layer throws (the authority, the domains, the HTTP edge): a status code, a message and extra
 * body fields. Every error leaves the server as { statusCode, error, message } (errorBodySchema); the HTTP edge
 * turns them into answers (`http/errors.ts`).
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../../shared/api/route.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields for the error body (e.g. retryAfterSeconds on a 429). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}
