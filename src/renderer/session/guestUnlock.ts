/**
 * SPEC §4 guest unlock, as a pure decision: ignore (another station's),
 * reject (invalid data: negative ack), or accept (store the guest session and
 * ack). The session service carries the decision out.
 */
import type { ClientToServerPayloads } from '../../shared/socket/events.js';
import { guestUnlockedPayloadSchema } from '../../shared/socket/events.js';
import type { ConnectionInfo, StoredSession } from '../../shared/entities.js';
import { format } from '../../shared/i18n/en.js';

/** SPEC §4: "A guest triggers a guestUnlockSuccess event" — a CustomEvent on window. */
export const GUEST_UNLOCK_SUCCESS_EVENT = 'guestUnlockSuccess';
export interface GuestUnlockSuccessDetail {
  sessionId: string;
  stationId: string;
  stationNumber: number;
  username: string;
}

type UnlockAck = ClientToServerPayloads['station_unlock_ack'];

export type GuestUnlockDecision =
  | { kind: 'ignore' }
  | { kind: 'reject'; ack: UnlockAck }
  | { kind: 'accept'; session: StoredSession; remainingMinutes: number | null; ack: UnlockAck };

/** A guest without a token gets a placeholder built from the session id. */
export function guestPlaceholderToken(sessionId: string): string {
  return `guest-session-${sessionId}`;
}

export function decideGuestUnlock(raw: unknown, station: ConnectionInfo, now: Date): GuestUnlockDecision {
  const payload = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  // Another station's unlock is ignored silently, even if it is malformed.
  if (typeof payload.stationId === 'string' && payload.stationId !== station.stationId) {
    return { kind: 'ignore' };
  }
  const timestamp = now.toISOString();
  const ackBase = { stationId: station.stationId, macAddress: station.macAddress, timestamp };
  const parsed = guestUnlockedPayloadSchema.safeParse(raw);
  if (!parsed.success) {
    const sessionId = typeof payload.sessionId === 'string' ? payload.sessionId.slice(0, 128) : '';
    return {
      kind: 'reject',
      ack: { ...ackBase, sessionId, success: false, errorMessage: format('error.guestUnlock.invalid') },
    };
  }
  const unlock = parsed.data;
  const session: StoredSession = {
    id: unlock.sessionId,
    sessionId: unlock.sessionId,
    stationId: unlock.stationId,
    stationNumber: unlock.stationNumber,
    // The schema's refinement guarantees one of the two names.
    username: unlock.guestUsername ?? unlock.username ?? '',
    isGuest: true,
    startTime: timestamp,
    macAddress: station.macAddress,
    ipAddress: station.ipAddress,
    token: unlock.token || guestPlaceholderToken(unlock.sessionId),
    // SPEC §3 promises no user id here; a balance update names it later.
    userId: unlock.userId ?? '',
  };
  return {
    kind: 'accept',
    session,
    remainingMinutes: unlock.remainingMinutes ?? null,
    ack: { ...ackBase, sessionId: unlock.sessionId, success: true },
  };
}
