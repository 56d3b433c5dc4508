/** Kysely tables: stations and what is shown at them: groups and rates, heartbeats, announcements, the WiFi QR, operator commands. */
import type { Generated } from 'kysely';
import type { Bool } from './columns.js';

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
  /** Staff's message with the status (a lock), shown on its own line at the kiosk (issue 23); null without one. */
  status_message?: string | null;
  /** When the status ends by itself (a hold's end), ISO; null when open-ended. */
  status_until?: string | null;
}

export interface HeartbeatTable {
  id: Generated<number>;
  station_id: string;
  received_at: string;
  /** The validated heartbeat body as JSON. */
  body: string;
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

export interface StationCommandTable {
  id: string;
  station_id: string;
  command: string;
  new_name: string | null;
  issued_at: string;
  issued_by: string | null;
  delivered: Bool;
}

/** A station's screen asked for by staff (issue 24, migration 0023): the image (base64) once uploaded, kept a day. */
export interface StationScreenshotTable {
  id: string;
  station_id: string;
  requested_by: string;
  requested_at: string;
  taken_at: string | null;
  content_type: string | null;
  bytes: number | null;
  image_base64: string | null;
}

export interface StationTables {
  station_screenshots: StationScreenshotTable;
  station_groups: StationGroupTable;
  stations: StationTable;
  heartbeats: HeartbeatTable;
  announcements: AnnouncementTable;
  wifi_qr: WifiQrTable;
  station_commands: StationCommandTable;
}
