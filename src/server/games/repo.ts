/** The games domain's queries beside the station library (station-library.ts). */
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** A catalogue game's name by its Json_ID (its thumbnail is drawn from it). */
export function gameName(db: Db, jsonId: string) {
  return db.selectFrom('games').select('name').where('json_id', '=', jsonId).executeTakeFirst();
}

/** The catalogue by name, for picking (issue 23): one platform, and/or a name containing `q` (any case). */
export function catalogueGames(db: Db, filter: { platform?: number; q?: string }) {
  let query = db.selectFrom('games').select(['json_id', 'name', 'platform']).orderBy('name').limit(500);
  if (filter.platform !== undefined) query = query.where('platform', '=', filter.platform);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql`lower(name)`, 'like', sql`lower(${like}) escape '\\'`);
  }
  return query.execute();
}
