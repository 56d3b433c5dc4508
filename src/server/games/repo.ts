/** The games domain's queries beside the station library (station-library.ts). */
import type { Db } from '../db/schema.js';

/** A catalogue game's name by its Json_ID (its thumbnail is drawn from it). */
export function gameName(db: Db, jsonId: string) {
  return db.selectFrom('games').select('name').where('json_id', '=', jsonId).executeTakeFirst();
}

/** The catalogue by name, one platform or all (what staff bind a centre account to). */
export function catalogueGames(db: Db, platform?: number) {
  let q = db.selectFrom('games').select(['json_id', 'name', 'platform']).orderBy('name');
  if (platform !== undefined) q = q.where('platform', '=', platform);
  return q.execute();
}
