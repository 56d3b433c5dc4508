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

/**
 * Sets a station's status and tells its room (stationStatusChanged). With
 * `onlyIfChanged` (a station repeating its own status every 20 s), an
 * unchanged status is neither written (no commit, no fsync) nor announced
 * again. A status carries staff's message (a lock) and its end (a hold) when
 * given (issue 23); any other status clears them.
 */
export async function setStationStatus(
  deps: StatusDeps,
  stationId: string,
  status: string,
  options: { onlyIfChanged?: boolean; message?: string | null; until?: string | null } = {},
): Promise<void> {
  const message = options.message ?? null;
  const until = options.until ?? null;
  let update = deps.db.updateTable('stations').set({ status, status_message: message, status_until: until }).where('id', '=', stationId);
  if (options.onlyIfChanged) update = update.where('status', '!=', status);
  const station = await update.returning(['id', 'number']).executeTakeFirst();
  if (!station) return;
  deps.events.emit(station.id, 'stationStatusChanged', {
    stationId: station.id,
    status,
    stationNumber: station.number,
    ...(message ? { message } : {}),
    ...(until ? { until } : {}),
  });
}
