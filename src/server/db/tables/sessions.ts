/** Kysely tables: client sessions and billing, and the stations' guest-unlock acknowledgements. */
import type { Generated } from 'kysely';
import type { Bool } from './columns.js';
import type { SessionTrustColumns } from './trust.js';

export interface ClientSessionTable extends SessionTrustColumns {
  id: string;
  user_id: string;
  station_id: string;
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
  is_guest: Bool;
  is_prepaid: Bool;
  /** Guests with prepaid time: minutes left. Null otherwise. */
  prepaid_minutes_left: number | null;
  /** The station group's rate when the session started (IQD/hour). */
  hourly_rate: number;
  /** Billing has charged every whole minute up to this instant. */
  last_billed_at: string;
  billed_minutes: number;
  amount_charged: number;
  /** The exact cost so far in units (rate × ms; 3,600,000 = 1 IQD), migration 0016_pricing. */
  owed_units: Generated<number>;
}

export interface GuestUnlockAckTable {
  id: Generated<number>;
  session_id: string;
  station_id: string;
  success: Bool;
  error_message: string | null;
  received_at: string;
}

export interface SessionTables {
  client_sessions: ClientSessionTable;
  guest_unlock_acks: GuestUnlockAckTable;
}
