/** Kysely tables: the game and application library. */
import type { Bool } from './columns.js';

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

export interface GameTables {
  games: GameTable;
}
