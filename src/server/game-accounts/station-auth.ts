/**
 * The one place the games routes learn which enrolled station is calling:
 * the credential it presents in X-Station-Credential (INTERFACES.md), checked
 * by the enrolment module. A customer's token never stands in for it.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { StationRow } from '../db/schema.js';
import { requireStation } from '../authority/station-credential.js';

/** The enrolled station making the request; 401 with a message otherwise. */
export function authenticateStation(ctx: Pick<ServerContext, 'db'>, request: FastifyRequest): Promise<StationRow> {
  return requireStation(ctx, request);
}
