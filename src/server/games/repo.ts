/** The games domain's queries beside the station library (station-library.ts). */
import type { Db } from '../db/schema.js';

/** A catalogue game's name by its Json_ID (its thumbnail is drawn from it). */
export function gameName(db: Db, jsonId: string) {
  return db.selectFrom('games').select('name').where('json_id', '=', jsonId).executeTakeFirst();
}
