/**
 * Admits a station socket. The handshake query must parse (the SPEC's query,
 * unchanged) and name a registered station; the station must prove itself
 * with its credential (`auth: { stationCredential }`). The MAC address is an
 * identifier only. A second connection for a station that is already
 * connected is refused and reported to the operator.
 */
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { stationHandshakeSchema, type StationHandshake } from '../../shared/socket/events.js';
import type { Db } from '../db/schema.js';
import { findStation } from '../stations/repo.js';
import { stationRefusal } from '../stations/standing.js';

export interface StationSocketData {
  station: StationHandshake;
  stationNumber: number;
}

function firstValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

export const MISSING_CREDENTIAL = 'Station credential required: this PC is not enrolled with the cafe (ask staff to pair it).';
export const WRONG_CREDENTIAL = 'Invalid or revoked station credential for this station: ask staff to pair this PC again.';

export type Admission = { ok: true; data: StationSocketData } | { ok: false; reason: string };

/** Returns the admitted handshake, or the reason to refuse the connection. */
export async function admitStation(db: Db, socket: Pick<Socket, 'handshake'>): Promise<Admission> {
  const parsed = stationHandshakeSchema.safeParse(firstValues(socket.handshake.query));
  if (!parsed.success) return { ok: false, reason: `Invalid station handshake: ${z.prettifyError(parsed.error)}` };
  const auth = (socket.handshake.auth ?? {}) as { stationCredential?: unknown };
  const credential = typeof auth.stationCredential === 'string' ? auth.stationCredential : '';
  // Unknown, not paired, revoked: told apart, each with a code the kiosk shows a screen for (stations/standing.ts).
  const refusal = await stationRefusal(db, parsed.data.stationId, credential || undefined);
  if (refusal) return { ok: false, reason: refusal };
  const station = await findStation(db, parsed.data.stationId);
  if (!station) return { ok: false, reason: `Unknown station: ${parsed.data.stationId}` };
  return { ok: true, data: { station: parsed.data, stationNumber: station.number } };
}
