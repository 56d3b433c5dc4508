/**
 * Holds (issue 15): stations reserved for a customer or an event from a time to
 * a time. When a hold starts (and the station is free) the station reads
 * `reserved`; at its end — or when staff release it — it goes back to
 * `available`, by itself. A customer's tier must allow reservations and the
 * hold may not be longer than its `maxReservationHours`. Holds on one station
 * never overlap. Applied by the room's one-second tick, in clock time.
 */
import type { FastifyInstance } from 'fastify';
import { createHold, holdList, releaseHold, type Hold } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { lockRows } from '../db/dialect.js';
import { newId } from '../db/ids.js';
import type { StationHoldTable } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { setStationStatus } from '../stations/service.js';
import { findUserByUsername } from '../users/profile.js';
import { tierFor } from '../tiers/tiers.js';

const HOUR = 60 * 60 * 1000;
export const MAX_EVENT_HOLD_MS = 7 * 24 * HOUR;

type HoldRow = StationHoldTable & { number: number | null; customer: string | null };

function toHold(row: HoldRow): Hold {
  return {
    id: row.id,
    stationId: row.station_id,
    stationNumber: row.number,
    customer: row.customer,
    label: row.label,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdBy: row.created_by,
    state: row.released_at ? 'released' : row.applied_at ? 'active' : 'upcoming',
  };
}

async function holdRows(ctx: ServerContext, where?: { id?: string; ids?: string[] }): Promise<HoldRow[]> {
  let q = ctx.db
    .selectFrom('station_holds as h')
    .leftJoin('stations as s', 's.id', 'h.station_id')
    .leftJoin('users as u', 'u.id', 'h.customer_user_id')
    .selectAll('h')
    .select(['s.number', 'u.username as customer'])
    .orderBy('h.starts_at');
  if (where?.id) q = q.where('h.id', '=', where.id);
  if (where?.ids) q = q.where('h.id', 'in', where.ids);
  return q.execute();
}

/** Starts holds that are due (on free stations) and ends those that are over. */
export async function applyHolds(ctx: ServerContext): Promise<boolean> {
  const { db, clock, sessions } = ctx;
  const now = isoNow(clock);
  let changed = false;
  const due = await db
    .selectFrom('station_holds')
    .selectAll()
    .where('released_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', '<=', now), eb.and([eb('applied_at', 'is', null), eb('starts_at', '<=', now)])]))
    .execute();
  for (const hold of due) {
    if (hold.ends_at <= now) {
      await endHold(ctx, hold, now);
      changed = true;
    } else if (!(await sessions.activeForStation(hold.station_id))) {
      const taken = await db
        .updateTable('station_holds')
        .set({ applied_at: now })
        .where('id', '=', hold.id)
        .where('applied_at', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) {
        await setStationStatus(ctx, hold.station_id, 'reserved');
        changed = true;
      }
    }
  }
  return changed;
}

async function endHold(ctx: ServerContext, hold: StationHoldTable, now: string): Promise<void> {
  const released = await ctx.db
    .updateTable('station_holds')
    .set({ released_at: now })
    .where('id', '=', hold.id)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) !== 1 || !hold.applied_at) return;
  const station = await ctx.db.selectFrom('stations').select('status').where('id', '=', hold.station_id).executeTakeFirst();
  // Only a station the hold made reserved goes back (staff may have set another status meanwhile).
  if (station?.status === 'reserved') await setStationStatus(ctx, hold.station_id, 'available');
}

export function registerHoldRoutes(app: FastifyInstance, ctx: ServerContext, changed: () => void): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, holdList, async () => {
    const since = new Date(clock.now() - 24 * HOUR).toISOString();
    const rows = await holdRows(ctx);
    return rows.filter((r) => !r.released_at || r.released_at >= since).map(toHold);
  });

  registerRoute(app, ctx, createHold, async ({ body, caller }) => {
    const starts = Date.parse(body.startsAt);
    const ends = Date.parse(body.endsAt);
    if (!(ends > starts)) throw badRequest('A hold ends after it starts.');
    if (ends <= clock.now()) throw badRequest('This hold would already be over.');
    let customerId: string | null = null;
    if (body.customer) {
      const user = await findUserByUsername(db, body.customer);
      if (!user) throw notFound(`Unknown customer: ${body.customer}`);
      const tier = await tierFor(db, user);
      if (!tier?.canReserveStations) throw badRequest(`${user.username}'s tier cannot reserve stations.`);
      if (ends - starts > tier.maxReservationHours * HOUR) {
        throw badRequest(`${user.username}'s tier reserves at most ${tier.maxReservationHours} hours.`);
      }
      customerId = user.id;
    } else if (ends - starts > MAX_EVENT_HOLD_MS) {
      throw badRequest('An event hold lasts at most 7 days.');
    }
    const startsAt = new Date(starts).toISOString();
    const endsAt = new Date(ends).toISOString();
    const ids = await db.transaction().execute(async (trx) => {
      const made: string[] = [];
      // In id order: two requests over the same stations take their locks in one order (no deadlock).
      for (const stationId of [...new Set(body.stationIds)].sort()) {
        // The station's row lock (PostgreSQL) serialises two holds on it: the overlap check then sees the other's.
        const station = await trx
          .selectFrom('stations')
          .select('id')
          .where('id', '=', stationId)
          .$if(lockRows(trx), (qb) => qb.forNoKeyUpdate())
          .executeTakeFirst();
        if (!station) throw notFound(`Unknown station: ${stationId}`);
        const overlapping = await trx
          .selectFrom('station_holds')
          .select('id')
          .where('station_id', '=', stationId)
          .where('released_at', 'is', null)
          .where('starts_at', '<', endsAt)
          .where('ends_at', '>', startsAt)
          .executeTakeFirst();
        if (overlapping) throw conflict(`Station ${stationId} is already held then.`);
        const id = newId('hld');
        await trx
          .insertInto('station_holds')
          .values({
            id,
            station_id: stationId,
            customer_user_id: customerId,
            label: body.label,
            starts_at: startsAt,
            ends_at: endsAt,
            created_by: signedIn(caller).username,
            created_at: isoNow(clock),
            applied_at: null,
            released_at: null,
          })
          .execute();
        made.push(id);
      }
      return made;
    });
    if (await applyHolds(ctx)) changed();
    return (await holdRows(ctx, { ids })).map(toHold);
  });

  registerRoute(app, ctx, releaseHold, async ({ params }) => {
    const hold = await db.selectFrom('station_holds').selectAll().where('id', '=', params.id).executeTakeFirst();
    if (!hold) throw notFound(`Unknown hold: ${params.id}`);
    if (hold.released_at) throw conflict('This hold was already released.');
    await endHold(ctx, hold, isoNow(clock));
    changed();
    const [row] = await holdRows(ctx, { id: hold.id });
    return toHold(row as HoldRow);
  });
}
