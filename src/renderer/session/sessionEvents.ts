/**
 * SPEC §4 session events as pure decisions: whether a sessionStarted,
 * sessionEnded or stationStatusChanged concerns this station, and the stored
 * session a sessionStarted opens.
 */
import { GUEST_PREFIX } from '../../shared/constants.js';
import type { ConnectionInfo, StoredSession } from '../../shared/entities.js';
import type { ServerToClientPayloads } from '../../shared/socket/events.js';
import { guestPlaceholderToken } from './guestUnlock.js';

type Started = ServerToClientPayloads['sessionStarted'];
type Ended = ServerToClientPayloads['sessionEnded'];

const macKey = (mac: string) => mac.replace(/[^0-9a-f]/gi, '').toLowerCase();

/** A username beginning guest_ is a guest. */
export function isGuestName(username: string): boolean {
  return username.startsWith(GUEST_PREFIX);
}

/** The token a session authenticates with: its own, or for a tokenless guest the placeholder. */
export function authToken(session: StoredSession): string {
  if (session.token) return session.token;
  return session.isGuest ? guestPlaceholderToken(session.sessionId) : '';
}

/** sessionStarted is for this station when the stationId or the MAC address matches. */
export function isForStation(payload: Pick<Started, 'stationId' | 'macAddress'>, station: ConnectionInfo): boolean {
  if (payload.stationId === station.stationId) return true;
  return payload.macAddress !== '' && macKey(payload.macAddress) === macKey(station.macAddress);
}

export function sessionFromStarted(payload: Started, station: ConnectionInfo): StoredSession {
  const isGuest = payload.isGuest || isGuestName(payload.username);
  const session: StoredSession = {
    id: payload.sessionId,
    sessionId: payload.sessionId,
    stationId: station.stationId,
    stationNumber: payload.stationNumber,
    username: payload.username,
    isGuest,
    startTime: payload.startTime,
    macAddress: station.macAddress,
    ipAddress: payload.ipAddress || station.ipAddress,
    token: payload.token ?? '',
    userId: payload.userId,
  };
  return { ...session, token: authToken(session) };
}

/** sessionEnded concerns us when it names our session or our station. */
export function endsCurrent(payload: Ended, current: StoredSession | null, stationId: string | null): boolean {
  if (!current) return false;
  return payload.sessionId === current.sessionId || payload.stationId === stationId;
}
