/** The tiers' writes (issue 21: out of the route file; the reads the other domains use stay in tiers.ts). */
import type { Db } from '../db/schema.js';
import type { TierRow } from './tiers.js';

export async function insertTier(db: Db, row: TierRow): Promise<void> {
  await db.insertInto('tiers').values(row).execute();
}

export function findTier(db: Db, id: string): Promise<TierRow | undefined> {
  return db.selectFrom('tiers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateTier(db: Db, row: TierRow): Promise<void> {
  const { id, ...changes } = row;
  await db.updateTable('tiers').set(changes).where('id', '=', id).execute();
}

export async function deleteTier(db: Db, id: string): Promise<boolean> {
  const done = await db.deleteFrom('tiers').where('id', '=', id).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}
