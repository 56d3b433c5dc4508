/** Tables of migration 0007 (the Squad Hub: friend codes, friendships, presence, ping limits). */
import type { PresenceStatus } from '../../../shared/entities.js';

export interface FriendCodeTable {
  user_id: string;
  /** 7 digits starting with 7 (SPEC §5), unique. */
  code: string;
  created_at: string;
}

export interface FriendshipTable {
  id: string;
  /** The two user ids in sorted order, joined by ':' — one row per pair. */
  pair_key: string;
  requester_id: string;
  addressee_id: string;
  status: 'pending' | 'accepted' | 'declined';
  created_at: string;
  responded_at: string | null;
}

export interface PresenceTable {
  user_id: string;
  /** What the station said; friends see what `social/presence.ts` derives from it. */
  status: PresenceStatus;
  brand_id: string | null;
  cafe_name: string | null;
  station_id: string | null;
  current_game: string | null;
  updated_at: string;
}

export interface PingLimitTable {
  /** sender:receiver */
  pair_key: string;
  /** Epoch ms of the last accepted ping (bigint: a string on some drivers, read with Number()). */
  last_at: number | string;
}

export interface SocialTables {
  friend_codes: FriendCodeTable;
  friendships: FriendshipTable;
  presence: PresenceTable;
  ping_limits: PingLimitTable;
}
