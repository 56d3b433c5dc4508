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

export interface StationSocketData {
  station: StationHandshake;
  stationNumber: number;
}

function firstValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

export const MISSING_CREDENTIAL = 'Station credential required: this PC is not enrolled with the cafe (ask staff to pair it).';
export const WRONG_CREDENTIAL = 'Invalid or revoked station credential for this station: ask staff to pair this PC again.';

/** What the stations domain answers for a station at the door (handed in by app.ts: the edge imports no domain). */
export interface StationDoor {
  /** The refusal text (unknown, not paired, revoked: stations/standing.ts), or the admitted station's number. */
  admit(stationId: string, credential: string | undefined): Promise<{ refusal: string } | { number: number }>;
  /** The operator's alert (a refused second connection). */
  alert(stationId: string, kind: 'duplicate_connection', message: string): Promise<void>;
}

export type Admission = { ok: true; data: StationSocketData } | { ok: false; reason: string };

/** Returns the admitted handshake, or the reason to refuse the connection. */
export async function admitStation(door: StationDoor, socket: Pick<Socket, 'handshake'>): Promise<Admission> {
  const parsed = stationHandshakeSchema.safeParse(firstValues(socket.handshake.query));
  if (!parsed.success) return { ok: false, reason: `Invalid station handshake: ${z.prettifyError(parsed.error)}` };
  const auth = (socket.handshake.auth ?? {}) as { stationCredential?: unknown };
  const credential = typeof auth.stationCredential === 'string' ? auth.stationCredential : '';
  // Unknown, not paired, revoked: told apart, each with a code the kiosk shows a screen for (stations/standing.ts).
  const answer = await door.admit(parsed.data.stationId, credential || undefined);
  if ('refusal' in answer) return { ok: false, reason: answer.refusal };
  return { ok: true, data: { station: parsed.data, stationNumber: answer.number } };
}
