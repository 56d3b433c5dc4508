/**
 * POST /service-calls/client and /service-calls/guest (SPEC §7): a customer
 * at a station calls the cafe service or technical support. Stored with the
 * station and the user of the caller's session (never the body's word), the
 * 5-minute cooldown per type enforced here (429 with retryAfterSeconds), and
 * announced on the staff channel.
 */
import type { FastifyInstance } from 'fastify';
import { serviceCallClient, serviceCallGuest } from '../../shared/api/routes.js';
import type { Caller } from '../authority/caller.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { lockRows } from '../db/dialect.js';
import type { StationRow } from '../db/schema.js';
import { forbidden, HttpError } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import type { StaffChannel } from '../realtime/staff-channel.js';
import { callerSession } from '../authority/caller-session.js';
import { cooldownMessage, cooldownSecondsLeft } from './cooldown.js';
import { findServiceCall } from './repo.js';

export const GUESTS_USE_GUEST_ROUTE = 'Guest sessions call through /service-calls/guest.';
export const CUSTOMERS_USE_CLIENT_ROUTE = 'Signed-in customers call through /service-calls/client.';

type CallBody = { type: 'waiter' | 'technical'; stationId: string; message: string };

export function registerServiceCallRoutes(app: FastifyInstance, ctx: ServerContext, staff: StaffChannel): void {
  const { db, clock } = ctx;

  async function place(caller: Caller, body: CallBody, asGuest: boolean, station: StationRow | undefined) {
    const session = await callerSession(db, caller);
    // An enrolled PC that presents its credential must be the session's PC.
    if (station && station.id !== session.station_id) {
      throw forbidden(`This PC is ${station.id}, but the session is at ${session.station_id}.`);
    }
    const guest = session.is_guest === 1;
    if (guest !== asGuest) throw forbidden(guest ? GUESTS_USE_GUEST_ROUTE : CUSTOMERS_USE_CLIENT_ROUTE);
    if (body.stationId !== session.station_id) {
      throw forbidden(`Your session is at station ${session.station_id}: you can only call from there.`);
    }
    const call = { type: body.type, stationId: session.station_id, userId: caller.userId };
    // Check and insert in one transaction: two calls sent together cannot both pass the cooldown.
    const result = await db.transaction().execute(async (trx) => {
      // PostgreSQL: the caller's row lock makes simultaneous calls take turns (the station has one session: its user).
      if (lockRows(trx)) await trx.selectFrom('users').select('id').where('id', '=', caller.userId).forNoKeyUpdate().execute();
      const now = clock.now();
      const wait = await cooldownSecondsLeft(trx, call, now);
      if (wait > 0) return { wait, id: null };
      const inserted = await trx
        .insertInto('service_calls')
        .values({
          type: body.type,
          station_id: session.station_id,
          user_id: caller.userId,
          session_id: session.id,
          is_guest: session.is_guest,
          message: body.message.trim(),
          created_at: new Date(now).toISOString(),
          acknowledged_at: null,
          acknowledged_by: null,
          resolved_at: null,
          resolved_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { wait: 0, id: inserted.id };
    });
    if (result.id === null) {
      throw new HttpError(429, cooldownMessage(body.type, result.wait), { retryAfterSeconds: result.wait });
    }
    const stored = await findServiceCall(db, result.id);
    if (stored) staff.emit('serviceCallCreated', stored);
    ctx.log.info({ callId: result.id, type: body.type, stationId: session.station_id, at: isoNow(clock) }, 'service call');
    return { success: true, message: 'Service call sent' };
  }

  registerRoute(app, ctx, serviceCallClient, ({ caller, body, reply, station }) =>
    place(signedIn(caller), body, false, station).catch((error: unknown) => retryAfter(reply, error)),
  );
  registerRoute(app, ctx, serviceCallGuest, ({ caller, body, reply, station }) =>
    place(signedIn(caller), body, true, station).catch((error: unknown) => retryAfter(reply, error)),
  );
}

/** A 429 also carries the standard Retry-After header. */
function retryAfter(reply: { header(name: string, value: string): unknown }, error: unknown): never {
  if (error instanceof HttpError && typeof error.details.retryAfterSeconds === 'number') {
    reply.header('retry-after', String(error.details.retryAfterSeconds));
  }
  throw error;
}
