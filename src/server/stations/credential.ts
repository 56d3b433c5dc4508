/** The station behind a request: the one whose credential (X-Station-Credential) it presents. */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { StationRow } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { stationForCredential } from './enrolment.js';

export const STATION_CREDENTIAL_HEADER = 'x-station-credential';
export const NOT_ENROLLED =
  'This PC is not enrolled with the cafe: it must present its station credential (ask staff to pair it).';
export const BAD_CREDENTIAL = 'Invalid or revoked station credential: ask staff to pair this PC again.';

export function presentedCredential(request: FastifyRequest): string | undefined {
  const value = request.headers[STATION_CREDENTIAL_HEADER];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

/** The enrolled station making the request, or undefined when it presents no (valid) credential. */
export async function optionalStation(ctx: Pick<ServerContext, 'db'>, request: FastifyRequest): Promise<StationRow | undefined> {
  const credential = presentedCredential(request);
  return credential ? stationForCredential(ctx.db, credential) : undefined;
}

/** The enrolled station making the request; 401 with a message otherwise. */
export async function requireStation(ctx: Pick<ServerContext, 'db'>, request: FastifyRequest): Promise<StationRow> {
  const credential = presentedCredential(request);
  if (!credential) throw unauthorized(NOT_ENROLLED);
  const station = await stationForCredential(ctx.db, credential);
  if (!station) throw unauthorized(BAD_CREDENTIAL);
  return station;
}
