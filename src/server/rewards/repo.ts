/** The rewards' admin queries (issue 21: out of the route file). */
import type { ClaimStatus, Db } from '../db/schema.js';
import type { ClaimRow, RewardRow } from './rewards.js';

export function listRewards(db: Db): Promise<RewardRow[]> {
  return db.selectFrom('rewards').selectAll().orderBy('kind').orderBy('required_xp').execute();
}

export function findReward(db: Db, id: string): Promise<RewardRow | undefined> {
  return db.selectFrom('rewards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReward(db: Db, row: RewardRow): Promise<void> {
  await db.insertInto('rewards').values(row).execute();
}

export async function updateReward(db: Db, row: RewardRow): Promise<void> {
  const { id, ...changes } = row;
  await db.updateTable('rewards').set(changes).where('id', '=', id).execute();
}

/** The newest 500 claims, of one status or all. */
export function listClaims(db: Db, status: ClaimStatus | 'all'): Promise<ClaimRow[]> {
  let q = db.selectFrom('reward_claims').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500);
  if (status !== 'all') q = q.where('status', '=', status);
  return q.execute();
}
