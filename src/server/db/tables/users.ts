/** Kysely tables: users and their sign-in: accounts, single-use links, pending registrations, phone codes, verified emails. */
import type { ColumnType } from 'kysely';
import type { Bool } from './columns.js';
import type { UserAuthorityColumns, UserDeskColumns } from './desk.js';
import type { UserTrustColumns } from './trust.js';

export interface UserTable extends UserTrustColumns, UserDeskColumns, UserAuthorityColumns {
  id: string;
  /** Unique, case-insensitive (COLLATE NOCASE). */
  username: string;
  /** argon2id; null for guests, who cannot sign in with a password. */
  password_hash: string | null;
  email: string | null;
  phone_number: string | null;
  display_name: string | null;
  avatar_url: string | null;
  type: string;
  balance: number;
  protected_balance: number;
  xp: number;
  level: number;
  require_password_reset: Bool;
  require_balance_top_up: Bool;
  created_at: string;
  last_login_at: string | null;
  steam_id: string | null;
  /** Every XP point ever earned (claims spend `xp`, never this): the level comes from it (0006_profile). */
  lifetime_xp: ColumnType<number, number | undefined, number>;
}

export interface AuthTokenTable {
  /** sha256 of the token; the token itself only ever travels in the link. */
  token_hash: string;
  purpose: 'password_reset' | 'email_verification';
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PendingRegistrationTable {
  key: string;
  username: string;
  password_hash: string;
  email: string | null;
  phone_number: string;
  expires_at: string;
  created_at: string;
}

export interface PhoneCodeTable {
  phone: string;
  code: string;
  attempts: number;
  expires_at: string;
  created_at: string;
}

export interface EmailVerifiedTable {
  user_id: string;
  verified_at: string;
}

export interface UserTables {
  users: UserTable;
  auth_tokens: AuthTokenTable;
  pending_registrations: PendingRegistrationTable;
  phone_codes: PhoneCodeTable;
  users_email_verified: EmailVerifiedTable;
}
