/** Kysely tables and columns of migration 0003 (trust: enrolled stations, session-bound tokens, gated logins). */
import type { Generated } from 'kysely';

export interface StationCredentialTable {
  station_id: string;
  /** SHA-256 (hex) of the credential; the credential itself lives only on the station. */
  credential_hash: string;
  mac_address: string | null;
  pc_name: string | null;
  created_at: string;
}

export interface StationPairingCodeTable {
  id: Generated<number>;
  station_id: string;
  /** SHA-256 (hex) of the normalised code (8 Crockford base32 characters, upper case). */
  code_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface StationAlertTable {
  id: Generated<number>;
  station_id: string;
  kind: 'duplicate_connection' | 'revoked';
  message: string;
  created_at: string;
}

export interface PhoneVerificationTable {
  phone: string;
  verified_at: string;
}

export interface TrustTables {
  station_credentials: StationCredentialTable;
  station_pairing_codes: StationPairingCodeTable;
  station_alerts: StationAlertTable;
  phone_verifications: PhoneVerificationTable;
}

export interface UserTrustColumns {
  /** Bumped at every password change or reset: older tokens stop working. */
  token_epoch: Generated<number>;
  /** A new email waiting for its verification link; not a login identifier yet. */
  pending_email: Generated<string | null>;
}

export interface SessionTrustColumns {
  /** A login held behind a gate ('password' | 'top_up'): not billed, its token limited. */
  gate: Generated<string | null>;
  gate_expires_at: Generated<string | null>;
  /** Milliseconds of play billed so far (billing is by the second). */
  billed_ms: Generated<number>;
  /** The user's token_epoch the session's token carries. */
  token_epoch: Generated<number>;
}
