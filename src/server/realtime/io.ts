/** socket.io on the fastify HTTP server: namespace /events, one room per station. */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import {
  SOCKET_NAMESPACE,
  stationRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../shared/socket/events.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/schema.js';
import { attachStationHandlers, type StationSocket } from './handlers.js';
import { admitStation, type StationSocketData } from './handshake.js';
import { reconcileStation } from './reconcile.js';
import type { EventsNamespace } from './station-events.js';

export type EventsServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, StationSocketData>;

export function createSocketServer(httpServer: HttpServer, db: Db): { io: EventsServer; nsp: EventsNamespace } {
  const io: EventsServer = new Server(httpServer, { cors: { origin: '*' } });
  const nsp = io.of(SOCKET_NAMESPACE);
  nsp.use((socket, next) => {
    admitStation(db, socket).then(
      (result) => {
        if (!result.ok) return next(new Error(result.reason));
        socket.data = result.data;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  return { io, nsp: nsp as unknown as EventsNamespace };
}

/** Wires connection handling once the services exist. */
export function handleStationConnections(io: EventsServer, ctx: ServerContext): void {
  io.of(SOCKET_NAMESPACE).on('connection', (socket: StationSocket) => {
    const { stationId, ipAddress } = socket.data.station;
    void socket.join(stationRoom(stationId));
    ctx.log.info({ stationId, socketId: socket.id }, 'station connected');
    if (ipAddress) {
      ctx.db
        .updateTable('stations')
        .set({ ip_address: ipAddress })
        .where('id', '=', stationId)
        .execute()
        .catch((error: unknown) => ctx.log.error({ err: error }, 'could not record station IP'));
    }
    attachStationHandlers(ctx, socket);
    reconcileStation(ctx, socket).catch((error: unknown) =>
      ctx.log.error({ err: error, stationId }, 'could not reconcile the station'),
    );
    socket.on('disconnect', (reason) => ctx.log.info({ stationId, reason }, 'station disconnected'));
  });
}
