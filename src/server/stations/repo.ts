/** The stations domain's queries: stations, groups, the operator's commands. */
import type { Insertable, Updateable } from 'kysely';
import { normaliseMac } from '../db/ids.js';
import type { Db, StationRow } from '../db/schema.js';
import type { StationCommandTable, StationTable } from '../db/tables/stations.js';

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

/**
 * Writes a station's status. With `onlyIfChanged` (a station repeating its own status every 20 s), an unchanged
 * status is not written (no commit, no fsync): undefined then, as for an unknown station.
 */
export function writeStationStatus(
  db: Db,
  stationId: string,
  status: string,
  onlyIfChanged = false,
  extras: { message: string | null; until: string | null } = { message: null, until: null },
) {
  let update = db.updateTable('stations').set({ status, status_message: extras.message, status_until: extras.until }).where('id', '=', stationId);
  if (onlyIfChanged) update = update.where('status', '!=', status);
  return update.returning(['id', 'number']).executeTakeFirst();
}

/** Every station with its group's name, by number. */
export function stationsWithGroups(db: Db) {
  return db
    .selectFrom('stations as s')
    .leftJoin('station_groups as g', 'g.id', 's.group_id')
    .selectAll('s')
    .select('g.name as group_name')
    .orderBy('s.number')
    .execute();
}

/** The running sessions with their users' balances (the operator's station list). */
export function runningSessionsWithUsers(db: Db) {
  return db
    .selectFrom('client_sessions as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .selectAll('cs')
    .select(['u.username', 'u.type', 'u.balance', 'u.protected_balance', 'u.xp', 'u.level'])
    .where('cs.ended_at', 'is', null)
    .execute();
}

export function findGroup(db: Db, groupId: string) {
  return db.selectFrom('station_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
}

/** A group named by its id or its name. */
export function findGroupByIdOrName(db: Db, group: string) {
  return db
    .selectFrom('station_groups')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', group), eb('name', '=', group)]))
    .executeTakeFirst();
}

/** What a station's screen shows besides itself: the newest active announcement and WiFi QR. */
export async function stationScreenExtras(db: Db) {
  const announcement = await db
    .selectFrom('announcements')
    .select(['title', 'message'])
    .where('is_active', '=', 1)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const wifi = await db
    .selectFrom('wifi_qr')
    .select('qr_code_base64')
    .where('is_active', '=', 1)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return { announcement, wifi };
}

export function stationWithGroupName(db: Db, stationId: string) {
  return db
    .selectFrom('stations as s')
    .leftJoin('station_groups as g', 'g.id', 's.group_id')
    .select(['s.id', 's.number', 's.name', 's.group_id', 'g.name as group_name'])
    .where('s.id', '=', stationId)
    .executeTakeFirst();
}

export async function isPaired(db: Db, stationId: string): Promise<boolean> {
  const row = await db.selectFrom('station_credentials').select('station_id').where('station_id', '=', stationId).executeTakeFirst();
  return Boolean(row);
}

/** The stations that hold a credential now (paired, not revoked since). */
export async function pairedStationIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('station_credentials').select('station_id').execute();
  return new Set(rows.map((r) => r.station_id));
}

export function stationWithNumber(db: Db, number: number) {
  return db.selectFrom('stations').select('id').where('number', '=', number).executeTakeFirst();
}

/** A new station (not paired yet); false when its id or number is taken (the unique columns decide a race). */
export async function insertStation(db: Db, row: Insertable<StationTable>): Promise<boolean> {
  const inserted = await db.insertInto('stations').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function updateStation(db: Db, stationId: string, changes: Updateable<StationTable>): Promise<void> {
  await db.updateTable('stations').set(changes).where('id', '=', stationId).execute();
}

export async function insertStationCommand(db: Db, row: Insertable<StationCommandTable>): Promise<void> {
  await db.insertInto('station_commands').values(row).execute();
}
