/**
 * Table interfaces for Kysely. Columns are snake_case; booleans are stored as
 * 0/1 integers and timestamps as ISO-8601 strings (clock time).
 */
import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { FrontDoorTables } from './schema-front-door.js';
import type { SessionTrustColumns, TrustTables, UserTrustColumns } from './schema-trust.js';

export type Bool = 0 | 1;

export interface StationGroupTable {
  id: string;
  name: string;
  hourly_rate: number;
  created_at: string;
}

export interface StationTable {
  id: string;
  number: number;
  name: string;
  /** Normalised: upper case, colon separated. */
  mac_address: string;
  group_id: string | null;
  status: string;
  ip_address: string | null;
  last_heartbeat_at: string | null;
  created_at: string;
}

export interface HeartbeatTable {
  id: Generated<number>;
  station_id: string;
  received_at: string;
  /** The validated heartbeat body as JSON. */
  body: string;
}

export interface UserTable extends UserTrustColumns {
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
}

export interface AnnouncementTable {
  id: string;
  title: string;
  message: string;
  is_active: Bool;
  created_at: string;
}

export interface WifiQrTable {
  id: string;
  ssid: string;
  /** PNG as plain base64 (no data: prefix). */
  qr_code_base64: string;
  is_active: Bool;
  created_at: string;
}

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
}

export interface GameTable {
  json_id: string;
  name: string;
  thumbnail: string;
  platform: number;
  /** JSON array of category numbers. */
  categories: string;
  app_id: string | null;
  is_multi_platform: Bool;
}

export interface GuestUnlockAckTable {
  id: Generated<number>;
  session_id: string;
  station_id: string;
  success: Bool;
  error_message: string | null;
  received_at: string;
}

export interface StationCommandTable {
  id: string;
  station_id: string;
  command: string;
  new_name: string | null;
  issued_at: string;
  issued_by: string | null;
  delivered: Bool;
}

export interface Database extends FrontDoorTables, TrustTables {
  station_groups: StationGroupTable;
  stations: StationTable;
  heartbeats: HeartbeatTable;
  users: UserTable;
  announcements: AnnouncementTable;
  wifi_qr: WifiQrTable;
  client_sessions: ClientSessionTable;
  games: GameTable;
  guest_unlock_acks: GuestUnlockAckTable;
  station_commands: StationCommandTable;
}

export type Db = Kysely<Database>;
export type StationRow = Selectable<StationTable>;
export type StationGroupRow = Selectable<StationGroupTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type SessionRow = Selectable<ClientSessionTable>;
export type GameRow = Selectable<GameTable>;

export const bool = (value: boolean): Bool => (value ? 1 : 0);
