/**
 * The one place the games routes learn which enrolled station is calling
 * (header X-Station-Credential, INTERFACES.md). Until the trust branch's
 * enrolment is merged, no credential verifies except through a verifier a
 * test installs — so, outside tests, no station is ever handed a password.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { StationRow } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';

export const STATION_CREDENTIAL_HEADER = 'x-station-credential';
export const NOT_ENROLLED =
  'This PC is not enrolled with the cafe: it must present its station credential (ask staff to pair it).';
export const BAD_CREDENTIAL = 'Invalid or revoked station credential: ask staff to pair this PC again.';

type StationVerifier = (ctx: Pick<ServerContext, 'db'>, credential: string) => Promise<StationRow | undefined>;
let verifier: StationVerifier = async () => undefined;

/** Test-only stand-in for the enrolment check (replaced by the trust branch's). */
export function installStationVerifierForTests(next: StationVerifier | null): void {
  verifier = next ?? (async () => undefined);
}

/** The enrolled station making the request; 401 with a message otherwise. */
export async function authenticateStation(ctx: Pick<ServerContext, 'db'>, request: FastifyRequest): Promise<StationRow> {
  const value = request.headers[STATION_CREDENTIAL_HEADER];
  const credential = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!credential) throw unauthorized(NOT_ENROLLED);
  const station = await verifier(ctx, credential);
  if (!station) throw unauthorized(BAD_CREDENTIAL);
  return station;
}
