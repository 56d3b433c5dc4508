/**
 * A cafe's own stations (issue 22, item 8): the owner adds a PC as a station,
 * renames, renumbers and regroups it (then pairs it: enrolment-routes.ts).
 * Ids and numbers are unique; a group is named by id or name. A new station
 * has no MAC address yet (`unpaired:<id>` stands in: the column is unique and
 * the MAC is an identifier only).
 */
import type { FastifyInstance } from 'fastify';
import { adminAddStation, adminEditStation, type AdminStationRow } from '../../shared/api/routes.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findStation } from './repo.js';

async function groupIdOf(db: Db, group: string | null | undefined): Promise<string | null | undefined> {
  if (group === undefined || group === null) return group;
  const row = await db
    .selectFrom('station_groups')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', group), eb('name', '=', group)]))
    .executeTakeFirst();
  if (!row) throw badRequest(`No station group '${group}'.`);
  return row.id;
}

export async function stationRow(db: Db, stationId: string): Promise<AdminStationRow> {
  const row = await db
    .selectFrom('stations as s')
    .leftJoin('station_groups as g', 'g.id', 's.group_id')
    .select(['s.id', 's.number', 's.name', 's.group_id', 'g.name as group_name'])
    .where('s.id', '=', stationId)
    .executeTakeFirst();
  if (!row) throw notFound(`Unknown station: ${stationId}`);
  const credential = await db.selectFrom('station_credentials').select('station_id').where('station_id', '=', stationId).executeTakeFirst();
  return { id: row.id, number: row.number, name: row.name, groupId: row.group_id, groupName: row.group_name ?? null, paired: Boolean(credential) };
}

async function numberTaken(db: Db, number: number, except: string | null): Promise<void> {
  const other = await db.selectFrom('stations').select('id').where('number', '=', number).executeTakeFirst();
  if (other && other.id !== except) throw conflict(`Number ${number} is already station ${other.id}.`);
}

export function registerStationAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;

  registerRoute(app, ctx, adminAddStation, async ({ body }) => {
    if (await findStation(db, body.stationId)) throw conflict(`Station ${body.stationId} already exists.`);
    await numberTaken(db, body.number, null);
    const groupId = (await groupIdOf(db, body.group)) ?? null;
    const inserted = await db
      .insertInto('stations')
      .values({
        id: body.stationId,
        number: body.number,
        name: body.name ?? `PC-${String(body.number).padStart(2, '0')}`,
        mac_address: `unpaired:${body.stationId}`,
        group_id: groupId,
        status: 'available',
        ip_address: null,
        last_heartbeat_at: null,
        created_at: isoNow(ctx.clock),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    // Two owners adding the same id or number at once: the unique columns decide, the other gets 409.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw conflict(`Station ${body.stationId} or number ${body.number} already exists.`);
    return stationRow(db, body.stationId);
  });

  registerRoute(app, ctx, adminEditStation, async ({ params, body }) => {
    if (!(await findStation(db, params.stationId))) throw notFound(`Unknown station: ${params.stationId}`);
    if (body.number !== undefined) await numberTaken(db, body.number, params.stationId);
    const groupId = await groupIdOf(db, body.group);
    try {
      await db
        .updateTable('stations')
        .set({
          ...(body.number !== undefined ? { number: body.number } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(groupId !== undefined ? { group_id: groupId } : {}),
        })
        .where('id', '=', params.stationId)
        .execute();
    } catch {
      throw conflict(`Number ${body.number} is already taken.`);
    }
    return stationRow(db, params.stationId);
  });
}
