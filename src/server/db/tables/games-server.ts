/** Kysely tables: station library reports, centre-account pools, play tracking (migration 0004_games). */
import type { Generated } from 'kysely';
import type { Bool } from './columns.js';
import type { GameAccountDeskColumns } from './desk.js';

export interface StationLibraryReportTable {
  station_id: string;
  reported_at: string;
  /** How many Json_IDs the station reported (known to the catalogue or not). */
  reported_count: number;
}

export interface StationInstalledGameTable {
  station_id: string;
  json_id: string;
}

export interface GameAccountTable extends GameAccountDeskColumns {
  id: string;
  /** SPEC §5: Steam 3, Epic 4, {host} 5, Riot 6, EA 7, Ubisoft 8 only. */
  platform: number;
  username: string;
  /** AES-256-GCM sealed (crypto/secret-box.ts); never the clear password. */
  password_sealed: string;
  /** The N of 'Account N', per platform. */
  display_number: number;
  /** null: offered at every station group. */
  station_group_id: string | null;
  disabled: Bool;
  flagged_at: string | null;
  flag_reason: string | null;
  /** The session holding the account; null when free. */
  session_id: string | null;
  assigned_at: string | null;
  /** The game the holding station asked the credentials for. */
  launched_json_id: string | null;
  /** Issue 22: when this assignment's password was given to the station (once per assignment); null: not yet. */
  credentials_issued_at: string | null;
  /** Issue 22: repeated asks for the password that were refused, ever. */
  credential_repeats: Generated<number>;
  created_at: string;
}

/** The games an account serves; none listed: every game of its platform. */
export interface GameAccountGameTable {
  account_id: string;
  json_id: string;
}

export interface GamePlayTable {
  id: string;
  user_id: string;
  session_id: string;
  station_id: string;
  json_id: string;
  game_name: string;
  started_at: string;
  /** null while the game runs. */
  ended_at: string | null;
  duration_seconds: number | null;
  /** Set at the close: the seconds of the play the station saw the game's process running (what XP pays for). */
  played_seconds: number | null;
}

/** A stretch of time a station's shell reported a game's process running (issue 22). */
export interface StationProcessTable {
  id: string;
  station_id: string;
  json_id: string;
  seen_at: string;
  /** The last report that named it running. */
  last_seen_at: string;
  /** null while it runs (as far as the station last said). */
  gone_at: string | null;
}

export interface GamesServerTables {
  station_library_reports: StationLibraryReportTable;
  station_installed_games: StationInstalledGameTable;
  game_accounts: GameAccountTable;
  game_account_games: GameAccountGameTable;
  game_plays: GamePlayTable;
  station_processes: StationProcessTable;
}
