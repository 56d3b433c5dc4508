/**
 * Holds (issue 15): stations reserved for a customer or an event from a time to
 * a time. When a hold starts (and the station is free) the station reads
 * `reserved` — told until when (issue 23) — and at its end, or when staff
 * release it, it goes back to `available` by itself. A customer's tier must
 * allow reservations and the hold may not be longer than its
 * `maxReservationHours`. Holds on one station never overlap. Applied by the
 * room's one-second tick, in clock time.
 */
import type { Hold } from '../../../shared/api/routes.js';
import { isoNow } from '../../clock/clock.js';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { StationHoldTable } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../base/errors.js';
import { setStationStatus } from '../../stations/service.js';
import { tierFor } from '../../tiers/tiers.js';
import { findUserByUsername } from '../../users/profile.js';
import { activeHolds, dueHolds, findHold, holdRows, insertHold, lockStation, markApplied, markReleased, overlappingHold, stationStatusOf, type HoldRow } from './repo.js';
import { HOUR, holdWindowRefusal } from './rules.js';

export { MAX_EVENT_HOLD_MS } from './rules.js';

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

/** Starts holds that are due (on free stations) and ends those that are over. True when a station changed. */
export async function applyHolds(ctx: ServerContext): Promise<boolean> {
  const { db, clock, sessions } = ctx;
  const now = isoNow(clock);
  let changed = false;
  for (const hold of await dueHolds(db, now)) {
    if (hold.ends_at <= now) {
      await endHold(ctx, hold, now);
      changed = true;
    } else if (!(await sessions.activeForStation(hold.station_id)) && (await markApplied(db, hold.id, now))) {
      await setStationStatus(ctx, hold.station_id, 'reserved', { until: hold.ends_at });
      changed = true;
    }
  }
  return changed;
}

async function endHold(ctx: ServerContext, hold: StationHoldTable, now: string): Promise<void> {
  if (!(await markReleased(ctx.db, hold.id, now)) || !hold.applied_at) return;
  const station = await stationStatusOf(ctx.db, hold.station_id);
  // Only a station the hold made reserved goes back (staff may have set another status meanwhile).
  if (station?.status === 'reserved') await setStationStatus(ctx, hold.station_id, 'available');
}

/** What holds each station now (staff only: the customer's name never goes to the station). */
export async function holdsNow(ctx: ServerContext): Promise<Map<string, { until: string; customer: string | null; label: string }>> {
  const rows = await activeHolds(ctx.db);
  return new Map(rows.map((r) => [r.station_id, { until: r.ends_at, customer: r.customer, label: r.label }]));
}

export async function listHolds(ctx: ServerContext): Promise<Hold[]> {
  const since = new Date(ctx.clock.now() - 24 * HOUR).toISOString();
  const rows = await holdRows(ctx.db);
  return rows.filter((r) => !r.released_at || r.released_at >= since).map(toHold);
}

export interface NewHold {
  stationIds: string[];
  customer?: string;
  label: string;
  startsAt: string;
  endsAt: string;
}

export async function createHolds(ctx: ServerContext, body: NewHold, by: string): Promise<Hold[]> {
  const { db, clock } = ctx;
  const starts = Date.parse(body.startsAt);
  const ends = Date.parse(body.endsAt);
  let customerId: string | null = null;
  let customer: { username: string; tier: Awaited<ReturnType<typeof tierFor>> } | null = null;
  if (body.customer) {
    const user = await findUserByUsername(db, body.customer);
    if (!user) throw notFound(`Unknown customer: ${body.customer}`);
    customer = { username: user.username, tier: await tierFor(db, user) };
    customerId = user.id;
  }
  const refusal = holdWindowRefusal(starts, ends, clock.now(), customer);
  if (refusal) throw badRequest(refusal);
  const startsAt = new Date(starts).toISOString();
  const endsAt = new Date(ends).toISOString();
  const ids = await db.transaction().execute(async (trx) => {
    const made: string[] = [];
    // In id order: two requests over the same stations take their locks in one order (no deadlock).
    for (const stationId of [...new Set(body.stationIds)].sort()) {
      // The station's row lock (PostgreSQL) serialises two holds on it: the overlap check then sees the other's.
      if (!(await lockStation(trx, stationId))) throw notFound(`Unknown station: ${stationId}`);
      if (await overlappingHold(trx, stationId, startsAt, endsAt)) throw conflict(`Station ${stationId} is already held then.`);
      const id = newId('hld');
      await insertHold(trx, {
        id,
        station_id: stationId,
        customer_user_id: customerId,
        label: body.label,
        starts_at: startsAt,
        ends_at: endsAt,
        created_by: by,
        created_at: isoNow(clock),
        applied_at: null,
        released_at: null,
      });
      made.push(id);
    }
    return made;
  });
  await applyHolds(ctx);
  return (await holdRows(db, { ids })).map(toHold);
}

export async function releaseHoldNow(ctx: ServerContext, id: string): Promise<Hold> {
  const hold = await findHold(ctx.db, id);
  if (!hold) throw notFound(`Unknown hold: ${id}`);
  if (hold.released_at) throw conflict('This hold was already released.');
  await endHold(ctx, hold, isoNow(ctx.clock));
  const [row] = await holdRows(ctx.db, { id: hold.id });
  return toHold(row as HoldRow);
}
