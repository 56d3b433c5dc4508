/**
 * What in the room needs a person (issue 23: one rule for the console's inbox
 * and the Today screen's "Waiting in the inbox", so both count the same): a
 * session whose station went silent, time about to run out, and a customer
 * held at a login gate (the top-up gate, a password to change).
 */
import type { CustomerGate, RoomStation } from './api/console.js';

/** Minutes left at which a session shows in the inbox. */
export const LOW_TIME_MINUTES = 5;

export type RoomAlertKind = 'lost' | 'low_time' | 'at_gate';

export interface RoomAlert {
  key: string;
  kind: RoomAlertKind;
  stationId: string;
  stationNumber: number;
  /** 'guest' for a guest, else the customer's username. */
  who: string;
  /** Minutes left (low time); null otherwise. */
  minutes: number | null;
  /** Which gate holds the customer (at_gate); null otherwise. */
  gate: CustomerGate | null;
  /**
   * Its time (issue 23): since when the customer waits at the gate, the station's last heartbeat for a lost
   * connection (null: never heard); null for low time (its end is now + minutes).
   */
  since: string | null;
}

export function roomAlerts(stations: readonly RoomStation[]): RoomAlert[] {
  const alerts: RoomAlert[] = [];
  for (const s of stations) {
    const session = s.currentSession;
    if (!session) continue;
    const who = session.isGuest ? 'guest' : session.username;
    const base = { stationId: s.id, stationNumber: s.number, who, minutes: null, gate: null, since: null };
    if (!s.online) alerts.push({ ...base, key: `lost-${session.sessionId}`, kind: 'lost', since: s.lastHeartbeatAt });
    else if (s.atGate) alerts.push({ ...base, key: `gate-${session.sessionId}`, kind: 'at_gate', gate: s.atGate.gate, since: s.atGate.since });
    else if (session.remainingMinutes !== null && session.remainingMinutes <= LOW_TIME_MINUTES) {
      alerts.push({ ...base, key: `low-${session.sessionId}`, kind: 'low_time', minutes: session.remainingMinutes });
    }
  }
  return alerts;
}

/** How many of each kind wait for a person at the desk. */
export interface WaitingParts {
  calls: number;
  orders: number;
  /** Packages ordered at a station, waiting for approval (issue 26). */
  packageOrders: number;
  claims: number;
  flags: number;
  /** The room's alerts (`roomAlerts`). */
  alerts: number;
}

/**
 * What waits in the inbox, one number (issue 23): the inbox tab's badge and the page title, and Today's
 * "Waiting in the inbox", by this one rule. Security alerts are not in it: they are told to each open
 * console (a toast, the chime, their own rows until that console marks them seen), so the server cannot
 * count them and Today would disagree with the badge.
 */
export function waitingTotal(parts: WaitingParts): number {
  return parts.calls + parts.orders + parts.packageOrders + parts.claims + parts.flags + parts.alerts;
}
