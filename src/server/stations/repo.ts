/** Station look-ups and the one place a station's status changes. */
import type { Clock } from '../clock/clock.js';
import { normaliseMac } from '../db/ids.js';
import type { Db, StationRow } from '../db/schema.js';
import type { StationEvents } from '../realtime/station-events.js';

export function findStation(db: Db, stationId: string): Promise<StationRow | undefined> {
  return db.selectFrom('stations').selectAll().where('id', '=', stationId).executeTakeFirst();
}

export function findStationByMac(db: Db, mac: string): Promise<StationRow | undefined> {
  return db
    .selectFrom('stations')
    .selectAll()
    .where('mac_address', '=', normaliseMac(mac))
    .executeTakeFirst();
}

export function sameMac(a: string, b: string): boolean {
  return normaliseMac(a) === normaliseMac(b);
}

export async function groupRate(db: Db, station: StationRow): Promise<number> {
  if (!station.group_id) return 0;
  const group = await db
    .selectFrom('station_groups')
    .select('hourly_rate')
    .where('id', '=', station.group_id)
    .executeTakeFirst();
  return group?.hourly_rate ?? 0;
}

export interface StatusDeps {
  db: Db;
  events: StationEvents;
  clock: Clock;
}

/** Persists a status and tells the station's room (stationStatusChanged). */
/**
 * Sets a station's status and tells its room. With `onlyIfChanged` (a
 * station repeating its own status every 20 s), an unchanged status is
 * neither written (no commit, no fsync) nor announced again.
 */
export async function setStationStatus(
  deps: StatusDeps,
  stationId: string,
  status: string,
  options: { onlyIfChanged?: boolean } = {},
): Promise<void> {
  let update = deps.db.updateTable('stations').set({ status }).where('id', '=', stationId);
  if (options.onlyIfChanged) update = update.where('status', '!=', status);
  const station = await update.returning(['id', 'number']).executeTakeFirst();
  if (!station) return;
  deps.events.emit(station.id, 'stationStatusChanged', {
    stationId: station.id,
    status,
    stationNumber: station.number,
  });
}
