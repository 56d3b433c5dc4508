/** Kysely tables of migration 0002 (the front door). */
import type { Generated } from 'kysely';
import type { Bool } from './schema.js';

export interface PrepaidCardTable {
  /** Upper case, as printed: RC-XXXX-XXXX-XXXX. */
  code: string;
  amount: number;
  redeemed_by: string | null;
  redeemed_at: string | null;
  created_at: string;
}

export interface NfcCardTable {
  id: string;
  card_uid: string;
  user_id: string;
  nickname: string | null;
  is_active: Bool;
  created_at: string;
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

export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface FrontDoorTables {
  prepaid_cards: PrepaidCardTable;
  nfc_cards: NfcCardTable;
  auth_tokens: AuthTokenTable;
  pending_registrations: PendingRegistrationTable;
  phone_codes: PhoneCodeTable;
  users_email_verified: EmailVerifiedTable;
  outbox: OutboxTable;
}
