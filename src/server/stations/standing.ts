/**
 * Why a station is refused (issue 22, item 8): its kiosk must tell the
 * technician what to do, so the three cases are told apart, each answer
 * starting with a stable code the kiosk matches (the text after it is for
 * people and logs):
 *
 *   station_unknown:  the station id is not one of this cafe's stations
 *   station_unpaired: the station exists but this PC presents no credential it knows (never paired here)
 *   station_revoked:  the credential it presents was revoked (or replaced by a newer pairing)
 */
import type { Db } from '../db/schema.js';
import { sha256, stationForCredential } from '../authority/station-credential.js';
import { findStation } from './repo.js';

export type StationStanding = 'ok' | 'station_unknown' | 'station_unpaired' | 'station_revoked';

export const STATION_REFUSALS: Record<Exclude<StationStanding, 'ok'>, (stationId: string) => string> = {
  station_unknown: (id) =>
    `station_unknown: ${id} is not a station of this cafe. A technician must add it (npm run cafe -- station add ${id} --number N) and pair it.`,
  station_unpaired: (id) =>
    `station_unpaired: ${id} is not paired with this cafe yet (it presents no station credential the cafe knows). A technician must pair it: npm run cafe -- pair ${id}, then put the code in station.json.`,
  station_revoked: (id) =>
    `station_revoked: the pairing of ${id} was revoked by the cafe (its station credential no longer works). A technician must pair it again: npm run cafe -- pair ${id}, then put the new code in station.json.`,
};

export async function stationStanding(db: Db, stationId: string, credential: string | undefined): Promise<StationStanding> {
  const station = await findStation(db, stationId);
  if (!station) return 'station_unknown';
  if (credential) {
    const owner = await stationForCredential(db, credential);
    if (owner?.id === station.id) return 'ok';
    const revoked = await db
      .selectFrom('station_revoked_credentials')
      .select('station_id')
      .where('credential_hash', '=', sha256(credential))
      .executeTakeFirst();
    if (revoked?.station_id === station.id) return 'station_revoked';
  }
  return 'station_unpaired';
}

/** The refusal text for a station that is not 'ok'. */
export async function stationRefusal(db: Db, stationId: string, credential: string | undefined): Promise<string | null> {
  const standing = await stationStanding(db, stationId, credential);
  return standing === 'ok' ? null : STATION_REFUSALS[standing](stationId);
}
