/** Kysely tables of issue 22 (migration 0014_safety): one-time set-up links for the first owner; revoked station credentials. */
export interface SetupTokenTable {
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  /** The authenticator secret the set-up page offered, sealed (bound to token_hash). */
  totp_sealed: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A station credential that was revoked or replaced by a new pairing (only its hash). */
export interface StationRevokedCredentialTable {
  credential_hash: string;
  station_id: string;
  revoked_at: string;
}

export interface SetupTables {
  setup_tokens: SetupTokenTable;
  station_revoked_credentials: StationRevokedCredentialTable;
}
