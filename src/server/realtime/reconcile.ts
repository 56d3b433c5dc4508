/**
 * A station that (re)connects may have missed events while it was away —
 * a session that ran out or was ended by staff, a status set while its cable
 * was out. On every connection the server tells that socket where things
 * stand, so the server's figures win over whatever the station counted alone:
 *   - the station's current status (stationStatusChanged);
 *   - its active session's balance (sessionBalanceUpdate), or, when the
 *     session the station still holds (the handshake's userId) has ended,
 *     that session's sessionEnded.
 */
import { serverToClientSchemas, type ServerToClientEvent, type ServerToClientPayloads } from '../../shared/socket/events.js';
import type { ServerContext } from '../context.js';
import type { StationSocket } from './handlers.js';

function send<K extends ServerToClientEvent>(socket: StationSocket, event: K, payload: ServerToClientPayloads[K]): void {
  const data = serverToClientSchemas[event].parse(payload);
  (socket.emit as (e: string, p: unknown) => boolean)(event, data);
}

export async function reconcileStation(ctx: ServerContext, socket: StationSocket): Promise<void> {
  const { stationId, userId } = socket.data.station;
  const station = await ctx.stations.find(stationId);
  if (!station) return;
  // Everything is read before anything is sent: the greeting (status first) is one moment's picture, and once the
  // station has its status no late balance from this look can follow a newer one (PostgreSQL's I/O is truly async).
  const active = await ctx.sessions.activeForStation(stationId);
  const settled = active ? await ctx.sessions.settle(active.id) : null;
  const ended =
    !active && userId
      ? await ctx.db
          .selectFrom('client_sessions')
          .select(['id', 'user_id', 'end_reason'])
          .where('station_id', '=', stationId)
          .where('user_id', '=', userId)
          .where('ended_at', 'is not', null)
          .orderBy('ended_at', 'desc')
          .executeTakeFirst()
      : undefined;
  send(socket, 'stationStatusChanged', {
    stationId,
    status: station.status,
    stationNumber: station.number,
    // Staff's lock message and a hold's end, told again (issue 23).
    ...(station.status_message ? { message: station.status_message } : {}),
    ...(station.status_until ? { until: station.status_until } : {}),
  });
  if (active) {
    if (settled && !settled.session.ended_at) {
      send(socket, 'sessionBalanceUpdate', ctx.sessions.balanceOf(settled.session, settled.user, settled.plan));
    }
    return;
  }
  if (!ended) return;
  ctx.log.info({ stationId, sessionId: ended.id }, 'station reconnected holding an ended session');
  send(socket, 'sessionEnded', {
    sessionId: ended.id,
    stationId,
    userId: ended.user_id,
    ...(ended.end_reason ? { reason: ended.end_reason } : {}),
  });
}
