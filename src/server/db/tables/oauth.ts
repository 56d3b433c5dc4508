/** Kysely table of migration 0011: OAuth QR sessions, shared by every node. */
import type { Bool } from './columns.js';

export interface OAuthQrSessionTable {
  id: string;
  provider: string;
  station_id: string;
  expires_at: string;
  /** JSON of OAuthUserData once the provider vouched for an identity. */
  user_data: string | null;
  completed_at: string | null;
  delivered: Bool;
  used: Bool;
}

/** Migration 0015: a phone's trip through a provider, from the start to the callback (spent once). */
export interface OAuthStateTable {
  state: string;
  session_id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  expires_at: string;
}

export interface OAuthTables {
  oauth_qr_sessions: OAuthQrSessionTable;
  oauth_states: OAuthStateTable;
}
