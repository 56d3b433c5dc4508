/**
 * The station behind a request: the one whose credential (X-Station-Credential) it presents.
 * Only SHA-256 hashes of credentials are stored; the station of a credential is read on every
 * request, so a revoked one stops at once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db, StationRow } from '../db/schema.js';
import { unauthorized } from '../base/errors.js';

export const STATION_CREDENTIAL_HEADER = 'x-station-credential';
export const CREDENTIAL_PREFIX = 'spst_';
export const NOT_ENROLLED =
  'This PC is not enrolled with the cafe: it must present its station credential (ask staff to pair it).';
export const BAD_CREDENTIAL = 'Invalid or revoked station credential: ask staff to pair this PC again.';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function presentedCredential(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const value = request.headers[STATION_CREDENTIAL_HEADER];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

/** The station a credential belongs to, or undefined. */
export async function stationForCredential(db: Db, credential: string): Promise<StationRow | undefined> {
  if (!credential.startsWith(CREDENTIAL_PREFIX) || credential.length > 128) return undefined;
  const hash = sha256(credential);
  const row = await db
    .selectFrom('station_credentials as c')
    .innerJoin('stations as s', 's.id', 'c.station_id')
    .selectAll('s')
    .select('c.credential_hash')
    .where('c.credential_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  // The lookup is by hash already; compare in constant time anyway.
  if (!timingSafeEqual(Buffer.from(row.credential_hash), Buffer.from(hash))) return undefined;
  const { credential_hash: _ignored, ...station } = row;
  return station;
}

/** The enrolled station making the request, or undefined when it presents no (valid) credential. */
export async function optionalStation(ctx: { db: Db }, request: Pick<FastifyRequest, 'headers'>): Promise<StationRow | undefined> {
  const credential = presentedCredential(request);
  return credential ? stationForCredential(ctx.db, credential) : undefined;
}

/** The enrolled station making the request; 401 with a message otherwise. */
export async function requireStation(ctx: { db: Db }, request: Pick<FastifyRequest, 'headers'>): Promise<StationRow> {
  const credential = presentedCredential(request);
  if (!credential) throw unauthorized(NOT_ENROLLED);
  const station = await stationForCredential(ctx.db, credential);
  if (!station) throw unauthorized(BAD_CREDENTIAL);
  return station;
}
