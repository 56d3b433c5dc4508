/** The HTTP edge's error handler: every error leaves the server as { statusCode, error, message } (errorBodySchema). */
import type { FastifyError, FastifyInstance } from 'fastify';
import { errorBody, HttpError } from '../base/errors.js';

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
