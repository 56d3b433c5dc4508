/** Kysely table: one-time set-up links for the first owner (issue 22, migration 0014_safety). */
export interface SetupTokenTable {
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  /** The authenticator secret the set-up page offered, sealed (bound to token_hash). */
  totp_sealed: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SetupTables {
  setup_tokens: SetupTokenTable;
}
