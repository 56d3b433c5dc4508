/** Every error leaves the server as { statusCode, error, message } (errorBodySchema). */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
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

function describe(error: FastifyError): string {
  // Fastify's JSON parser errors: say what was wrong in words a caller can act on.
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'Malformed JSON in request body';
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return "Body cannot be empty when content-type is set to 'application/json'";
  }
  return error.message;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode ?? 500;
    // "Busy, try again" is an answer the server means (the argon2 pool is full), not a failure.
    if (status === 503 && (error as unknown) instanceof HttpError) return reply.code(503).send(errorBody(503, error.message));
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody(500, 'Internal server error'));
    }
    const details = error instanceof HttpError ? error.details : {};
    return reply.code(status).send({ ...details, ...errorBody(status, describe(error)) });
  });
}
