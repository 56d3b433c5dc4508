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
  type ServerToClientEvents,
  type ServerToClientPayloads,
} from '../../shared/socket/events.js';
import type { Coordination } from '../cluster/coordination.js';
import type { StationEvents, StationObserver } from '../context.js';

export type { StationEvents, StationObserver };

const STATION_ROOM_PREFIX = stationRoom('');

export type EventsNamespace = Namespace<ClientToServerEvents, ServerToClientEvents>;

export function createStationEvents(
  nsp: EventsNamespace,
  coordination: Pick<Coordination, 'connectedElsewhere'> = { connectedElsewhere: async () => new Set() },
): StationEvents {
  const observers: StationObserver[] = [];
  const here = (stationId: string) => (nsp.adapter.rooms.get(stationRoom(stationId))?.size ?? 0) > 0;
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
    async isConnected(stationId) {
      // This node's rooms first: no query for a station connected here.
      return here(stationId) || (await coordination.connectedElsewhere([stationId])).has(stationId);
    },
    async connectedStations(stationIds) {
      const connected = await coordination.connectedElsewhere(stationIds);
      const rooms = nsp.adapter.rooms;
      if (stationIds) for (const id of stationIds) if (here(id)) connected.add(id);
      for (const [room, members] of rooms) {
        if (stationIds || members.size === 0 || !room.startsWith(STATION_ROOM_PREFIX)) continue;
        connected.add(room.slice(STATION_ROOM_PREFIX.length));
      }
      return connected;
    },
    disconnect(stationId) {
      nsp.in(stationRoom(stationId)).disconnectSockets(true);
    },
  };
}
