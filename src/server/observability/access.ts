/**
 * Who may read /metrics and /health: the operator (an admin or staff bearer
 * token, as for the admin API) or a scraper / proxy holding the metrics token
 * (`--metrics-token` / SPAWNPOINT_METRICS_TOKEN, at least 16 characters),
 * presented as `Authorization: Bearer <token>`. Nobody else on the cafe
 * network: 401 without a credential, 403 with a customer's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { authenticate } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { BUDGETS } from '../http/budgets.js';
import { unauthorized } from '../base/errors.js';
import { METRICS_TOKEN_MIN_LENGTH } from '../config/server-flags.js';

export const NO_OBSERVER_CREDENTIAL =
  'This needs the operator credential: an admin or staff token, or the metrics token (Authorization: Bearer …).';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** A checker for the configured metrics token (constant time; none configured: nothing matches). */
export function metricsTokenCheck(configured: string | undefined): (presented: string) => boolean {
  if (configured === undefined) return () => false;
  if (configured.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new Error(`the metrics token must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`);
  }
  const expected = digest(configured);
  return (presented) => timingSafeEqual(digest(presented), expected);
}

/** Throws 401/403 unless the request carries the metrics token or an operator token. */
export async function requireObserver(
  request: FastifyRequest,
  ctx: ServerContext,
  isMetricsToken: (presented: string) => boolean,
): Promise<void> {
  const token = bearerToken(request);
  if (!token) {
    await ctx.budgets.take(BUDGETS.openIp, request.ip, 'Too many requests.');
    throw unauthorized(NO_OBSERVER_CREDENTIAL);
  }
  if (isMetricsToken(token)) return;
  // Not the metrics token: it must be an operator's (403 for a customer, 401 for anything else).
  await ctx.budgets.take(BUDGETS.openIp, request.ip, 'Too many requests.');
  await authenticate(request, 'admin', ctx);
}
