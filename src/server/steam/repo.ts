/** The Steam link's queries: who holds a Steam id, and the link itself (a unique index keeps one user per Steam id). */
import type { Db } from '../db/schema.js';

/** Whether another user than `userId` holds this Steam id. */
export async function heldByAnother(db: Db, steamId: string, userId: string): Promise<boolean> {
  const other = await db.selectFrom('users').select('id').where('steam_id', '=', steamId).where('id', '!=', userId).executeTakeFirst();
  return other !== undefined;
}

/** Links (or, with null, unlinks) the user's Steam id; throws on the unique index when another user took it meanwhile. */
export async function setSteamId(db: Db, userId: string, steamId: string | null): Promise<void> {
  await db.updateTable('users').set({ steam_id: steamId }).where('id', '=', userId).execute();
}
