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

export interface OAuthTables {
  oauth_qr_sessions: OAuthQrSessionTable;
}
