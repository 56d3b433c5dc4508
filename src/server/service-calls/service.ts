/**
 * The service-calls domain's rules (SPEC §7; domain shape since issue 21). A customer at a station calls the cafe
 * service or technical support: stored with the station and the user of the caller's session (never the body's
 * word), the 5-minute cooldown per type for the station and the user (429 with retryAfterSeconds), announced on the
 * staff channel. Staff acknowledge ("on my way") and resolve, each change conditional on the current state (open →
 * acknowledged → resolved; open → resolved), so two staff members never both take a call: the other gets 409 with
 * who has it.
 */
import { lockCustomerRow } from '../db/locks.js';
import type { ServiceCall } from '../../shared/api/admin-store.js';
import type { Caller } from '../authority/caller.js';
import { callerSession } from '../authority/caller-session.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { StationRow } from '../db/schema.js';
import { conflict, forbidden, HttpError, notFound } from '../base/errors.js';
import { cooldownMessage, cooldownSecondsLeft } from './cooldown.js';
import { acknowledgeCall, findServiceCall, insertServiceCall, listServiceCalls, resolveCall } from './repo.js';

export const GUESTS_USE_GUEST_ROUTE = 'Guest sessions call through /service-calls/guest.';
export const CUSTOMERS_USE_CLIENT_ROUTE = 'Signed-in customers call through /service-calls/client.';

export type CallBody = { type: 'waiter' | 'technical'; stationId: string; message: string };

export class ServiceCallService {
  constructor(private readonly ctx: Pick<ServerContext, 'db' | 'clock' | 'staff' | 'log'>) {}

  async place(caller: Caller, body: CallBody, asGuest: boolean, station: StationRow | undefined) {
    const { db, clock } = this.ctx;
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
      await lockCustomerRow(trx, caller.userId);
      const now = clock.now();
      const wait = await cooldownSecondsLeft(trx, call, now);
      if (wait > 0) return { wait, id: null };
      const id = await insertServiceCall(trx, {
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
      });
      return { wait: 0, id };
    });
    if (result.id === null) {
      throw new HttpError(429, cooldownMessage(body.type, result.wait), { retryAfterSeconds: result.wait });
    }
    const stored = await findServiceCall(db, result.id);
    if (stored) this.ctx.staff.emit('serviceCallCreated', stored);
    this.ctx.log.info({ callId: result.id, type: body.type, stationId: session.station_id, at: isoNow(clock) }, 'service call');
    return { success: true, message: 'Service call sent' };
  }

  list(status: Parameters<typeof listServiceCalls>[1], limit: number | undefined) {
    return listServiceCalls(this.ctx.db, status, limit);
  }

  async acknowledge(id: number, by: string): Promise<ServiceCall> {
    const changed = await acknowledgeCall(this.ctx.db, id, by, isoNow(this.ctx.clock));
    const call = await this.callOr404(id);
    if (!changed) {
      throw conflict(
        call.status === 'resolved'
          ? `Service call #${call.id} is already resolved (by ${call.resolvedBy ?? 'staff'}).`
          : `Service call #${call.id} is already acknowledged by ${call.acknowledgedBy ?? 'staff'}.`,
      );
    }
    this.ctx.staff.emit('serviceCallUpdated', call);
    return call;
  }

  async resolve(id: number, by: string): Promise<ServiceCall> {
    const changed = await resolveCall(this.ctx.db, id, by, isoNow(this.ctx.clock));
    const call = await this.callOr404(id);
    if (!changed) throw conflict(`Service call #${call.id} is already resolved (by ${call.resolvedBy ?? 'staff'}).`);
    this.ctx.staff.emit('serviceCallUpdated', call);
    return call;
  }

  private async callOr404(id: number): Promise<ServiceCall> {
    const call = await findServiceCall(this.ctx.db, id);
    if (!call) throw notFound(`No service call #${id}.`);
    return call;
  }
}
