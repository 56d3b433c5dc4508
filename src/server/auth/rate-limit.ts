/** Route config that rate-limits a login route per client IP + username. */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { LoginRateLimit } from '../context.js';
import { HttpError } from '../http/errors.js';

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 10, windowMs: 60_000 };

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
}

export function loginRateLimit(limit: LoginRateLimit): Pick<RouteShorthandOptions, 'config'> {
  return {
    config: {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.windowMs,
        // After body parsing, so the key can include the username.
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${usernameOf(request)}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
          new HttpError(429, `Too many login attempts. Please try again in ${context.after}.`),
      },
    },
  };
}
