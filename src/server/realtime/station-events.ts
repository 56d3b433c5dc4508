/**
 * Emits server→client events to a station's room. Every payload is checked
 * against the shared schema first: sending what the station would drop is a
 * server bug and fails loudly.
 */
import type { Namespace } from 'socket.io';
import {
  serverToClientSchemas,
  stationRoom,
  type ClientToServerEvents,
  type ServerToClientEvent,
  type ServerToClientEvents,
  type ServerToClientPayloads,
} from '../../shared/socket/events.js';

export type EventsNamespace = Namespace<ClientToServerEvents, ServerToClientEvents>;

/** Told of every event sent to a station and of every station (dis)connection (the friends' presence follows them). */
export interface StationObserver {
  emitted?(stationId: string, event: ServerToClientEvent, payload: unknown): void;
  connectionChanged?(stationId: string, connected: boolean): void;
}

export interface StationEvents {
  emit<K extends ServerToClientEvent>(stationId: string, event: K, payload: ServerToClientPayloads[K]): void;
  /** Adds an observer; observers must not throw (they are called synchronously). */
  observe(observer: StationObserver): void;
  /** Called by the socket server when a station's socket connects or disconnects. */
  connectionChanged(stationId: string, connected: boolean): void;
  /** True while at least one socket of the station is connected. */
  isConnected(stationId: string): boolean;
  /** Closes the station's sockets (its credential was revoked). */
  disconnect(stationId: string): void;
}

export function createStationEvents(nsp: EventsNamespace): StationEvents {
  const observers: StationObserver[] = [];
  return {
    emit(stationId, event, payload) {
      const data = serverToClientSchemas[event].parse(payload) as ServerToClientPayloads[typeof event];
      // socket.io's typed emit cannot follow a generic event name; the schema check above is the guard.
      (nsp.to(stationRoom(stationId)).emit as (e: string, p: unknown) => boolean)(event, data);
      for (const observer of observers) observer.emitted?.(stationId, event, data);
    },
    observe(observer) {
      observers.push(observer);
    },
    connectionChanged(stationId, connected) {
      for (const observer of observers) observer.connectionChanged?.(stationId, connected);
    },
    isConnected(stationId) {
      return (nsp.adapter.rooms.get(stationRoom(stationId))?.size ?? 0) > 0;
    },
    disconnect(stationId) {
      nsp.in(stationRoom(stationId)).disconnectSockets(true);
    },
  };
}
