/** The rewards domain's queries (issue 21): rewards, claims, and the XP a claim spends or gives back. */
import type { Selectable } from 'kysely';
import type { ClaimStatus, Db, RewardClaimTable, RewardTable, UserRow } from '../db/schema.js';

export type RewardRow = Selectable<RewardTable>;
export type ClaimRow = Selectable<RewardClaimTable>;

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

/** The rewards a user holds a live claim of (a cancelled claim gives the reward back). */
export async function liveClaims(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('reward_claims').select('reward_id').where('user_id', '=', userId).where('status', '!=', 'CANCELLED').execute();
  return new Set(rows.map((r) => r.reward_id));
}

export function activeRewards(db: Db): Promise<RewardRow[]> {
  return db.selectFrom('rewards').selectAll().where('is_active', '=', 1).orderBy('required_xp').orderBy('name').execute();
}

export function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Takes `cost` XP if the user has it (a conditional UPDATE: the row is locked from there on); false otherwise. */
export async function spendXp(trx: Db, userId: string, cost: number): Promise<boolean> {
  const spent = await trx.updateTable('users').set((eb) => ({ xp: eb('xp', '-', cost) })).where('id', '=', userId).where('xp', '>=', cost).executeTakeFirst();
  return Number(spent.numUpdatedRows) > 0;
}

export async function giveXpBack(trx: Db, userId: string, xp: number): Promise<void> {
  await trx.updateTable('users').set((eb) => ({ xp: eb('xp', '+', xp) })).where('id', '=', userId).execute();
}

export async function hasLiveClaim(trx: Db, userId: string, rewardId: string): Promise<boolean> {
  const existing = await trx
    .selectFrom('reward_claims')
    .select('id')
    .where('user_id', '=', userId)
    .where('reward_id', '=', rewardId)
    .where('status', '!=', 'CANCELLED')
    .executeTakeFirst();
  return existing !== undefined;
}

export async function insertClaim(trx: Db, claim: ClaimRow): Promise<void> {
  await trx.insertInto('reward_claims').values(claim).execute();
}

export function claimsOfUser(db: Db, userId: string, limit: number): Promise<ClaimRow[]> {
  return db.selectFrom('reward_claims').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function findClaim(trx: Db, claimId: string): Promise<ClaimRow | undefined> {
  return trx.selectFrom('reward_claims').selectAll().where('id', '=', claimId).executeTakeFirst();
}

/** CLAIMED → `to`, only from CLAIMED; deciding a claim nobody took also takes it. False when it was decided already. */
export async function settleClaim(trx: Db, claimId: string, to: Exclude<ClaimStatus, 'CLAIMED'>, staff: string, now: string): Promise<boolean> {
  const done = await trx
    .updateTable('reward_claims')
    .set((eb) => ({
      status: to,
      decided_at: now,
      decided_by: staff,
      acknowledged_at: eb.fn.coalesce('acknowledged_at', eb.val(now)),
      acknowledged_by: eb.fn.coalesce('acknowledged_by', eb.val(staff)),
    }))
    .where('id', '=', claimId)
    .where('status', '=', 'CLAIMED')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export function usernameOf(db: Db, userId: string) {
  return db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
}
