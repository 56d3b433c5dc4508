/** socket.io on the fastify HTTP server: namespace /events, one room per station, one connection per station. */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import {
  SOCKET_NAMESPACE,
  stationRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../shared/socket/events.js';
import { isoNow } from '../clock/clock.js';
import type { Coordination } from '../cluster/coordination.js';
import type { ServerContext } from '../context.js';
import type { OriginCheck } from '../http/cors.js';
import { attachStationHandlers, type StationSocket } from './handlers.js';
import { admitStation, type StationDoor, type StationSocketData } from './handshake.js';
import { reconcileStation } from './reconcile.js';
import type { EventsNamespace } from './station-events.js';

export type EventsServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, StationSocketData>;

export const ALREADY_CONNECTED = (stationId: string) =>
  `Station ${stationId} is already connected: a second connection was refused and reported to the cafe staff.`;

interface SocketDeps {
  /** The stations domain at the door: who is admitted, the alert on a second connection. */
  door: StationDoor;
  allowedOrigin: OriginCheck;
  warn: (details: object, message: string) => void;
  /**
   * Several nodes behind a proxy: the polling handshake answers with the
   * session id in a cookie (`io`), which the proxy stores to send the
   * session's later polls to the same node (STICKY_COOKIE, haproxy.cfg).
   */
  stickyCookie?: boolean;
  /** One connection per station across every node of the cafe (on one node: this process only). */
  coordination: Coordination;
}

/** The cookie that carries a socket.io session id for the proxy's stickiness. */
export const STICKY_COOKIE = 'io';

export function createSocketServer(httpServer: HttpServer, deps: SocketDeps): { io: EventsServer; nsp: EventsNamespace } {
  const io: EventsServer = new Server(httpServer, {
    cors: { origin: (origin, callback) => callback(null, origin ? deps.allowedOrigin(origin) : false) },
    // A browser page from a foreign origin cannot open the socket either (websocket skips CORS).
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, !origin || deps.allowedOrigin(origin));
    },
    // A dead connection is noticed within ~15 s, so a station that lost it can come back.
    pingInterval: 10_000,
    pingTimeout: 5_000,
    ...(deps.stickyCookie ? { cookie: { name: STICKY_COOKIE, path: '/', httpOnly: true, sameSite: 'lax' as const } } : {}),
  });
  const nsp = io.of(SOCKET_NAMESPACE);
  /** stationId → the socket id holding it. */
  const holders = new Map<string, string>();
  nsp.use((socket, next) => {
    const refuse = (stationId: string) => {
      const message = `second connection refused from ${socket.handshake.address}`;
      deps.warn({ stationId, address: socket.handshake.address }, 'refused a second connection for a connected station');
      deps.door.alert(stationId, 'duplicate_connection', message).catch(() => undefined);
      next(new Error(ALREADY_CONNECTED(stationId)));
    };
    const admit = async () => {
      const result = await admitStation(deps.door, socket);
      if (!result.ok) return next(new Error(result.reason));
      const { stationId } = result.data.station;
      const holder = holders.get(stationId);
      if (holder && nsp.sockets.has(holder)) return refuse(stationId);
      holders.set(stationId, socket.id);
      // Another node's live socket for this station (one atomic upsert decides between nodes racing).
      let held = false;
      try {
        held = await deps.coordination.holdStation(stationId, socket.id);
      } finally {
        if (!held && holders.get(stationId) === socket.id) holders.delete(stationId);
      }
      if (!held) return refuse(stationId);
      const release = () => {
        if (holders.get(stationId) === socket.id) holders.delete(stationId);
        deps.coordination
          .releaseStation(stationId, socket.id)
          .catch((error: unknown) => deps.warn({ err: error, stationId }, 'could not record a station disconnection'));
      };
      socket.once('disconnect', release);
      socket.data = result.data;
      next();
      // socket.io connects it on the next tick, unless the client left meanwhile: then no 'disconnect' will come.
      setImmediate(() => {
        if (!socket.connected) release();
      });
    };
    admit().catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
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
      ctx.stations
        .recordIp(stationId, ipAddress)
        .catch((error: unknown) => ctx.log.error({ err: error }, 'could not record station IP'));
    }
    attachStationHandlers(ctx, socket);
    // The server's word on the connection, and a heartbeat asked for at once (the station's IP and name now, not in 20 s).
    const timestamp = isoNow(ctx.clock);
    socket.emit('connectionStatus', { connected: true, status: 'connected', stationId, timestamp });
    socket.emit('stationHeartbeat', { stationId, timestamp });
    ctx.events.connectionChanged(stationId, true);
    reconcileStation(ctx, socket).catch((error: unknown) =>
      ctx.log.error({ err: error, stationId }, 'could not reconcile the station'),
    );
    socket.on('disconnect', (reason) => {
      ctx.log.info({ stationId, reason }, 'station disconnected');
      ctx.events.connectionChanged(stationId, false);
    });
  });
}
