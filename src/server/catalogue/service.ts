/**
 * The catalogue the operator console edits (issue 15; domain shape since issue 21): station groups and hourly rates
 * (a new rate applies to sessions that start after it), a station's group, announcements and the WiFi QR the stations
 * show (GET /stations/details picks the newest active of each).
 */
import QRCode from 'qrcode';
import type { z } from 'zod';
import type {
  adminCreateAnnouncement,
  adminCreateStationGroup,
  adminSetWifi,
  adminUpdateAnnouncement,
  adminUpdateStationGroup,
  AdminAnnouncement,
  StationGroup,
} from '../../shared/api/routes.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { Db } from '../db/schema.js';
import { bool } from '../db/tables/columns.js';
import { badRequest, conflict, notFound } from '../base/errors.js';
import {
  allAnnouncements,
  allGroups,
  currentWifi,
  findAnnouncement,
  findGroup,
  groupNames,
  insertAnnouncement,
  insertGroup,
  replaceWifi,
  setStationGroup,
  stationCountOf,
  stationExists,
  updateAnnouncement,
  updateGroup,
  type AnnouncementRow,
  type GroupRow,
  type WifiRow,
} from './repo.js';
import { nameIsTaken, wifiJoinText } from './rules.js';

const announcementView = (row: AnnouncementRow): AdminAnnouncement => ({
  id: row.id,
  title: row.title,
  message: row.message,
  active: row.is_active === 1,
  createdAt: row.created_at,
});

const wifiView = (row: WifiRow | undefined) =>
  row ? { ssid: row.ssid, qrCodeBase64: row.qr_code_base64, active: row.is_active === 1, createdAt: row.created_at } : null;

type Body<R extends { body: z.ZodType }> = z.output<R['body']>;

export class CatalogueService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  // ── Groups and rates ──

  private async groupView(row: GroupRow): Promise<StationGroup> {
    return { id: row.id, name: row.name, hourlyRate: row.hourly_rate, stationCount: await stationCountOf(this.deps.db, row.id), createdAt: row.created_at };
  }

  private async oneGroup(id: string): Promise<StationGroup> {
    const row = await findGroup(this.deps.db, id);
    if (!row) throw notFound('No such station group.');
    return this.groupView(row);
  }

  private async nameTaken(name: string, except?: string): Promise<boolean> {
    return nameIsTaken(await groupNames(this.deps.db), name, except);
  }

  async groups(): Promise<StationGroup[]> {
    return Promise.all((await allGroups(this.deps.db)).map((row) => this.groupView(row)));
  }

  async createGroup(body: Body<typeof adminCreateStationGroup>): Promise<StationGroup> {
    if (await this.nameTaken(body.name)) throw conflict(`There is already a group called ${body.name}.`);
    const row = { id: newId('grp'), name: body.name, hourly_rate: body.hourlyRate, created_at: isoNow(this.deps.clock) };
    await insertGroup(this.deps.db, row);
    return this.groupView(row);
  }

  async updateGroup(id: string, body: Body<typeof adminUpdateStationGroup>): Promise<StationGroup> {
    await this.oneGroup(id);
    if (body.name !== undefined && (await this.nameTaken(body.name, id))) throw conflict(`There is already a group called ${body.name}.`);
    await updateGroup(this.deps.db, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.hourlyRate !== undefined ? { hourly_rate: body.hourlyRate } : {}),
    });
    return this.oneGroup(id);
  }

  async setStationGroup(stationId: string, groupId: string | null) {
    if (!(await stationExists(this.deps.db, stationId))) throw notFound(`Unknown station: ${stationId}`);
    if (groupId !== null) await this.oneGroup(groupId);
    await setStationGroup(this.deps.db, stationId, groupId);
    return { success: true, stationId, groupId };
  }

  // ── Announcements ──

  private async oneAnnouncement(id: string): Promise<AdminAnnouncement> {
    const row = await findAnnouncement(this.deps.db, id);
    if (!row) throw notFound('No such announcement.');
    return announcementView(row);
  }

  async announcements(): Promise<AdminAnnouncement[]> {
    return (await allAnnouncements(this.deps.db)).map(announcementView);
  }

  async createAnnouncement(body: Body<typeof adminCreateAnnouncement>): Promise<AdminAnnouncement> {
    const row = { id: newId('ann'), title: body.title, message: body.message, is_active: bool(body.active), created_at: isoNow(this.deps.clock) };
    await insertAnnouncement(this.deps.db, row);
    return announcementView(row);
  }

  async updateAnnouncement(id: string, body: Body<typeof adminUpdateAnnouncement>): Promise<AdminAnnouncement> {
    await this.oneAnnouncement(id);
    await updateAnnouncement(this.deps.db, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.message !== undefined ? { message: body.message } : {}),
      ...(body.active !== undefined ? { is_active: bool(body.active) } : {}),
    });
    return this.oneAnnouncement(id);
  }

  // ── WiFi QR ──

  async wifi() {
    return { wifi: wifiView(await currentWifi(this.deps.db)) };
  }

  async setWifi(body: Body<typeof adminSetWifi>) {
    if (!('ssid' in body)) {
      await replaceWifi(this.deps.db, null);
      return { wifi: null };
    }
    if (body.security === 'WPA' && (body.password.length < 8 || body.password.length > 63)) {
      throw badRequest('A WPA network password is 8 to 63 characters.');
    }
    if (body.security === 'WEP' && body.password.length === 0) throw badRequest('A WEP network needs its key.');
    const png = await QRCode.toBuffer(wifiJoinText(body.ssid, body.password, body.security), { type: 'png', width: 256, margin: 1 });
    const row = { id: newId('wifi'), ssid: body.ssid, qr_code_base64: png.toString('base64'), is_active: 1 as const, created_at: isoNow(this.deps.clock) };
    await replaceWifi(this.deps.db, row);
    return { wifi: wifiView(row) };
  }
}
