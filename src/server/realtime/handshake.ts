/** Admits a station socket: its handshake query must parse and name a registered station with its MAC. */
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { stationHandshakeSchema, type StationHandshake } from '../../shared/socket/events.js';
import type { Db } from '../db/schema.js';
import { findStation, sameMac } from '../stations/repo.js';

export interface StationSocketData {
  station: StationHandshake;
  stationNumber: number;
}

function firstValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

/** Returns the admitted handshake, or the reason to refuse the connection. */
export async function admitStation(
  db: Db,
  socket: Pick<Socket, 'handshake'>,
): Promise<{ ok: true; data: StationSocketData } | { ok: false; reason: string }> {
  const parsed = stationHandshakeSchema.safeParse(firstValues(socket.handshake.query));
  if (!parsed.success) return { ok: false, reason: `Invalid station handshake: ${z.prettifyError(parsed.error)}` };
  const station = await findStation(db, parsed.data.stationId);
  if (!station) return { ok: false, reason: `Unknown station: ${parsed.data.stationId}` };
  if (!sameMac(station.mac_address, parsed.data.macAddress)) {
    return { ok: false, reason: `MAC address does not belong to station ${station.id}` };
  }
  return { ok: true, data: { station: parsed.data, stationNumber: station.number } };
}
