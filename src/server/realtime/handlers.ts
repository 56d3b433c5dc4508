/**
 * Client→server events of a connected station. Payloads are validated with
 * the shared schemas; a bad payload, or one about another station, is dropped
 * with a log line.
 */
import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  clientToServerSchemas,
  type ClientToServerEvents,
  type ClientToServerPayloads,
  type ServerToClientEvents,
} from '../../shared/socket/events.js';
import { KNOWN_STATION_STATUSES } from '../../shared/entities.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { StationSocketData } from './handshake.js';

export type StationSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, StationSocketData>;

type EventName = keyof typeof clientToServerSchemas;

function validated<K extends EventName>(
  ctx: ServerContext,
  socket: StationSocket,
  event: K,
  handle: (payload: ClientToServerPayloads[K], ack?: (reply: unknown) => void) => Promise<void>,
) {
  return (raw: unknown, ack?: unknown) => {
    const stationId = socket.data.station.stationId;
    const parsed = clientToServerSchemas[event].safeParse(raw);
    if (!parsed.success) {
      ctx.log.warn({ stationId, event, issues: z.prettifyError(parsed.error) }, 'dropped invalid socket payload');
      return;
    }
    const payload = parsed.data as ClientToServerPayloads[K];
    if ('stationId' in payload && payload.stationId !== stationId) {
      ctx.log.warn({ stationId, event, claimed: payload.stationId }, 'dropped payload about another station');
      return;
    }
    handle(payload, typeof ack === 'function' ? (ack as (reply: unknown) => void) : undefined).catch((error) =>
      ctx.log.error({ err: error, stationId, event }, 'socket handler failed'),
    );
  };
}

export function attachStationHandlers(ctx: ServerContext, socket: StationSocket): void {
  const stationId = socket.data.station.stationId;

  socket.on(
    'station_status_update',
    validated(ctx, socket, 'station_status_update', async (payload) => {
      if (!(KNOWN_STATION_STATUSES as readonly string[]).includes(payload.status)) {
        ctx.log.warn({ stationId, status: payload.status.slice(0, 32) }, 'dropped a status outside the SPEC enumeration');
        return;
      }
      ctx.log.info({ stationId, status: payload.status }, 'station reported its status');
      const active = await ctx.sessions.activeForStation(stationId);
      // The station reports 'available' when its user logs out: the session is over.
      if (payload.status === 'available' && active) await ctx.sessions.end(active.id, 'user_logout');
      else await ctx.stations.setStatus(stationId, payload.status, { onlyIfChanged: true });
      socket.emit('stationStatusAck', { stationId, status: payload.status, timestamp: payload.timestamp });
    }),
  );

  socket.on(
    'station_unlock_ack',
    validated(ctx, socket, 'station_unlock_ack', async (payload) => {
      // Only an unlock this station is waiting on: a guest session of its own, not acknowledged yet.
      const pending = await ctx.db
        .selectFrom('client_sessions')
        .select('id')
        .where('id', '=', payload.sessionId)
        .where('station_id', '=', stationId)
        .where('is_guest', '=', 1)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('guest_unlock_acks').select('id').where('session_id', '=', payload.sessionId))),
        )
        .executeTakeFirst();
      if (!pending) {
        ctx.log.warn({ stationId, sessionId: payload.sessionId.slice(0, 128) }, 'dropped an ack for no pending unlock');
        return;
      }
      await ctx.db
        .insertInto('guest_unlock_acks')
        .values({
          session_id: payload.sessionId,
          station_id: stationId,
          success: payload.success ? 1 : 0,
          error_message: payload.errorMessage ?? null,
          received_at: isoNow(ctx.clock),
        })
        .execute();
      if (!payload.success) ctx.log.warn({ ...payload, stationId }, 'station refused a guest unlock');
      // The answer (guestUnlockAck): the guest session holds only while it still runs here.
      const live = (await ctx.sessions.activeForStation(stationId))?.id === payload.sessionId;
      socket.emit('guestUnlockAck', {
        sessionId: payload.sessionId,
        success: payload.success && live,
        ...(live ? {} : { errorMessage: 'This guest session is no longer active.' }),
        stationId,
        timestamp: isoNow(ctx.clock),
      });
    }),
  );

  socket.on(
    'updateUserId',
    validated(ctx, socket, 'updateUserId', async (payload, ack) => {
      socket.data.station = { ...socket.data.station, userId: payload.userId };
      ack?.({ ok: true });
    }),
  );
}
