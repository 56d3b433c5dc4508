/** The social domain's queries beside friendships, codes, pings and presence: the presence row, a station's number. */
import type { Db } from '../db/schema.js';
import type { PresenceTable } from '../db/tables/social.js';

/** The customer's presence row, written whole (one upsert). */
export async function upsertPresence(db: Db, userId: string, row: Omit<PresenceTable, 'user_id'>): Promise<void> {
  await db
    .insertInto('presence')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export function stationNumberOf(db: Db, stationId: string) {
  return db.selectFrom('stations').select('number').where('id', '=', stationId).executeTakeFirst();
}
