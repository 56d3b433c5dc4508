/** The catalogue's queries: station groups and rates, a station's group, announcements, the WiFi QR. */
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/schema.js';
import type { AnnouncementTable, StationGroupTable, WifiQrTable } from '../db/tables/stations.js';

export type GroupRow = Selectable<StationGroupTable>;
export type AnnouncementRow = Selectable<AnnouncementTable>;
export type WifiRow = Selectable<WifiQrTable>;

export async function stationCountOf(db: Db, groupId: string): Promise<number> {
  const count = await db.selectFrom('stations').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', groupId).executeTakeFirst();
  return Number(count?.n ?? 0);
}

export const findGroup = (db: Db, id: string) => db.selectFrom('station_groups').selectAll().where('id', '=', id).executeTakeFirst();
export const groupNames = (db: Db) => db.selectFrom('station_groups').select(['id', 'name']).execute();
export const allGroups = (db: Db) => db.selectFrom('station_groups').selectAll().orderBy('name').execute();

export async function insertGroup(db: Db, row: GroupRow): Promise<void> {
  await db.insertInto('station_groups').values(row).execute();
}

export async function updateGroup(db: Db, id: string, changes: Updateable<StationGroupTable>): Promise<void> {
  await db.updateTable('station_groups').set(changes).where('id', '=', id).execute();
}

export const stationExists = async (db: Db, stationId: string) =>
  (await db.selectFrom('stations').select('id').where('id', '=', stationId).executeTakeFirst()) !== undefined;

export async function setStationGroup(db: Db, stationId: string, groupId: string | null): Promise<void> {
  await db.updateTable('stations').set({ group_id: groupId }).where('id', '=', stationId).execute();
}

export const findAnnouncement = (db: Db, id: string) => db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
export const allAnnouncements = (db: Db) => db.selectFrom('announcements').selectAll().orderBy('created_at', 'desc').execute();

export async function insertAnnouncement(db: Db, row: AnnouncementRow): Promise<void> {
  await db.insertInto('announcements').values(row).execute();
}

export async function updateAnnouncement(db: Db, id: string, changes: Updateable<AnnouncementTable>): Promise<void> {
  await db.updateTable('announcements').set(changes).where('id', '=', id).execute();
}

export const currentWifi = (db: Db) =>
  db.selectFrom('wifi_qr').selectAll().where('is_active', '=', 1).orderBy('created_at', 'desc').executeTakeFirst();

/** The new WiFi QR, or none: the active one stops, in the same transaction as the new one starts. */
export async function replaceWifi(db: Db, row: WifiRow | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('wifi_qr').set({ is_active: 0 }).where('is_active', '=', 1).execute();
    if (row) await trx.insertInto('wifi_qr').values(row).execute();
  });
}
