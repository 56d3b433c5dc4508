/**
 * The catalogue the operator console edits (issue 15, branch catalogue):
 * station groups and hourly rates (a new rate applies to sessions that start
 * after it), a station's group, announcements and the WiFi QR the stations
 * show (GET /stations/details picks the newest active of each).
 */
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Selectable } from 'kysely';
import {
  adminAnnouncements,
  adminCreateAnnouncement,
  adminCreateStationGroup,
  adminSetStationGroup,
  adminSetWifi,
  adminStationGroups,
  adminUpdateAnnouncement,
  adminUpdateStationGroup,
  adminWifi,
  type AdminAnnouncement,
  type StationGroup,
} from '../../shared/api/routes.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import type { Db } from '../db/schema.js';
import type { AnnouncementTable, StationGroupTable, WifiQrTable } from '../db/tables/stations.js';
import { bool } from '../db/tables/columns.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';

async function groupView(db: Db, row: Selectable<StationGroupTable>): Promise<StationGroup> {
  const count = await db
    .selectFrom('stations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', row.id)
    .executeTakeFirst();
  return { id: row.id, name: row.name, hourlyRate: row.hourly_rate, stationCount: Number(count?.n ?? 0), createdAt: row.created_at };
}

async function oneGroup(db: Db, id: string): Promise<StationGroup> {
  const row = await db.selectFrom('station_groups').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such station group.');
  return groupView(db, row);
}

async function nameTaken(db: Db, name: string, except?: string): Promise<boolean> {
  const rows = await db.selectFrom('station_groups').select(['id', 'name']).execute();
  return rows.some((r) => r.id !== except && r.name.trim().toLowerCase() === name.trim().toLowerCase());
}

const announcementView = (row: Selectable<AnnouncementTable>): AdminAnnouncement => ({
  id: row.id,
  title: row.title,
  message: row.message,
  active: row.is_active === 1,
  createdAt: row.created_at,
});

const wifiView = (row: Selectable<WifiQrTable> | undefined) =>
  row ? { ssid: row.ssid, qrCodeBase64: row.qr_code_base64, active: row.is_active === 1, createdAt: row.created_at } : null;

/** The WiFi join text (the ZXing format phones read), special characters escaped. */
export function wifiJoinText(ssid: string, password: string, security: 'WPA' | 'WEP' | 'nopass'): string {
  const escape = (s: string) => s.replace(/([\\;,:"])/g, '\\$1');
  return security === 'nopass' ? `WIFI:T:nopass;S:${escape(ssid)};;` : `WIFI:T:${security};S:${escape(ssid)};P:${escape(password)};;`;
}

export function registerCatalogueRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  // ── Groups and rates ──
  registerRoute(app, ctx, adminStationGroups, async () => {
    const rows = await db.selectFrom('station_groups').selectAll().orderBy('name').execute();
    return Promise.all(rows.map((row) => groupView(db, row)));
  });

  registerRoute(app, ctx, adminCreateStationGroup, async ({ body }) => {
    if (await nameTaken(db, body.name)) throw conflict(`There is already a group called ${body.name}.`);
    const row = { id: newId('grp'), name: body.name, hourly_rate: body.hourlyRate, created_at: isoNow(clock) };
    await db.insertInto('station_groups').values(row).execute();
    return groupView(db, row);
  });

  registerRoute(app, ctx, adminUpdateStationGroup, async ({ params, body }) => {
    await oneGroup(db, params.id);
    if (body.name !== undefined && (await nameTaken(db, body.name, params.id))) throw conflict(`There is already a group called ${body.name}.`);
    await db
      .updateTable('station_groups')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.hourlyRate !== undefined ? { hourly_rate: body.hourlyRate } : {}),
      })
      .where('id', '=', params.id)
      .execute();
    return oneGroup(db, params.id);
  });

  registerRoute(app, ctx, adminSetStationGroup, async ({ params, body }) => {
    const station = await db.selectFrom('stations').select('id').where('id', '=', params.stationId).executeTakeFirst();
    if (!station) throw notFound(`Unknown station: ${params.stationId}`);
    if (body.groupId !== null) await oneGroup(db, body.groupId);
    await db.updateTable('stations').set({ group_id: body.groupId }).where('id', '=', params.stationId).execute();
    return { success: true, stationId: params.stationId, groupId: body.groupId };
  });

  // ── Announcements ──
  const oneAnnouncement = async (id: string) => {
    const row = await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No such announcement.');
    return announcementView(row);
  };

  registerRoute(app, ctx, adminAnnouncements, async () => {
    const rows = await db.selectFrom('announcements').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map(announcementView);
  });

  registerRoute(app, ctx, adminCreateAnnouncement, async ({ body }) => {
    const row = { id: newId('ann'), title: body.title, message: body.message, is_active: bool(body.active), created_at: isoNow(clock) };
    await db.insertInto('announcements').values(row).execute();
    return announcementView(row);
  });

  registerRoute(app, ctx, adminUpdateAnnouncement, async ({ params, body }) => {
    await oneAnnouncement(params.id);
    await db
      .updateTable('announcements')
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.message !== undefined ? { message: body.message } : {}),
        ...(body.active !== undefined ? { is_active: bool(body.active) } : {}),
      })
      .where('id', '=', params.id)
      .execute();
    return oneAnnouncement(params.id);
  });

  // ── WiFi QR ──
  const currentWifi = () => db.selectFrom('wifi_qr').selectAll().where('is_active', '=', 1).orderBy('created_at', 'desc').executeTakeFirst();

  registerRoute(app, ctx, adminWifi, async () => ({ wifi: wifiView(await currentWifi()) }));

  registerRoute(app, ctx, adminSetWifi, async ({ body }) => {
    if (!('ssid' in body)) {
      await db.updateTable('wifi_qr').set({ is_active: 0 }).where('is_active', '=', 1).execute();
      return { wifi: null };
    }
    if (body.security === 'WPA' && (body.password.length < 8 || body.password.length > 63)) {
      throw badRequest('A WPA network password is 8 to 63 characters.');
    }
    if (body.security === 'WEP' && body.password.length === 0) throw badRequest('A WEP network needs its key.');
    const png = await QRCode.toBuffer(wifiJoinText(body.ssid, body.password, body.security), { type: 'png', width: 256, margin: 1 });
    const row = { id: newId('wifi'), ssid: body.ssid, qr_code_base64: png.toString('base64'), is_active: 1 as const, created_at: isoNow(clock) };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('wifi_qr').set({ is_active: 0 }).where('is_active', '=', 1).execute();
      await trx.insertInto('wifi_qr').values(row).execute();
    });
    return { wifi: wifiView(row) };
  });
}
