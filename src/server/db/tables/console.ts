/** Tables of migration 0008 (the operator console, issue 15). */
import type { Generated } from 'kysely';
import type { Bool } from './columns.js';

export interface ConsoleSessionTable {
  /** sha256 (hex) of the cookie value. */
  id_hash: string;
  user_id: string;
  csrf_token: string;
  /** The user's token_epoch at sign-in: a password change ends the session. */
  token_epoch: number;
  /** 1 once the second factor was given (owners must, to do anything but enrol). */
  second_factor: Generated<Bool>;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface StaffTotpTable {
  user_id: string;
  secret_sealed: string;
  /** null while enrolment waits for its first code. */
  enabled_at: string | null;
  last_step: Generated<number>;
  created_at: string;
}

/** A one-time code that lets an owner enrol an authenticator (0020_safety2); only its SHA-256 is kept. */
export interface StaffEnrolmentCodeTable {
  user_id: string;
  code_hash: string;
  /** Who issued it: another owner's username, or `server` (init-owner on the server machine). */
  created_by: string;
  created_at: string;
  expires_at: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  staff_user_id: string | null;
  staff_username: string;
  role: string;
  /** 'console' (cookie session) or 'bearer' (CLI, scripts). */
  via: string;
  /** `METHOD /path` of the admin route, or a named event such as `console.login`. */
  action: string;
  station_id: string | null;
  customer: string | null;
  target: string | null;
  status_code: number;
  /** JSON: the request's parameters and body, secrets left out. */
  detail: Generated<string>;
  ip: string | null;
  /** JSON AuditFacts (src/shared/audit-text.ts): what was done, to whom, amount, method, note (issue 23); null on older lines. */
  facts?: string | null;
}

export interface ShiftTable {
  id: string;
  opened_by: string;
  opened_at: string;
  /** Whole IQD in the drawer at the start. */
  opening_float: number;
  closed_by: string | null;
  closed_at: string | null;
  counted_cash: number | null;
  note: string | null;
}

export interface StationHoldTable {
  id: string;
  station_id: string;
  customer_user_id: string | null;
  label: string;
  starts_at: string;
  ends_at: string;
  created_by: string;
  created_at: string;
  applied_at: string | null;
  released_at: string | null;
}

/** Columns 0008 adds to balance_ledger. */
export interface BalanceLedgerConsoleColumns {
  /** 'cash' | 'card' for money taken at the counter; null otherwise. */
  payment_method: Generated<string | null>;
  shift_id: Generated<string | null>;
  /** 'top_up' | 'refund' | 'free_minutes' | null (older lines: order approvals). */
  kind: Generated<string | null>;
}

export interface ConsoleTables {
  console_sessions: ConsoleSessionTable;
  staff_totp: StaffTotpTable;
  staff_enrolment_codes: StaffEnrolmentCodeTable;
  audit_log: AuditLogTable;
  shifts: ShiftTable;
  station_holds: StationHoldTable;
}
