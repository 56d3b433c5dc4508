/**
 * Rewards and event rewards (SPEC §3 Reward, Progress; §7 rewards calls):
 * rows staff manage. A reward costs its required XP divided by the tier's
 * reward multiplier (a better tier pays less); it is eligible when the tier
 * can earn rewards, the user has the XP and has not claimed it yet (a
 * cancelled claim gives it back); an event reward only between its dates.
 *
 * A claim spends XP exactly once: one transaction takes the XP with a
 * conditional UPDATE (the user's row is locked from there on), then checks
 * that no live claim of the reward exists, then records the claim — so two
 * claims in parallel give one success and one refusal.
 */
import type { ClaimedReward, EventReward, Progress, Reward } from '../../shared/entities.js';
import type { AdminClaim } from '../../shared/api/routes.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { ClaimStatus, Db, UserRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../base/errors.js';
import { tierRowFor, type TierRow } from '../tiers/tiers.js';
import { levelFor } from '../xp/levels.js';
import {
  activeRewards,
  claimsOfUser,
  findClaim,
  findReward,
  findUser,
  giveXpBack,
  hasLiveClaim,
  insertClaim,
  liveClaims,
  settleClaim,
  spendXp,
  usernameOf,
  type ClaimRow,
  type RewardRow,
} from './repo.js';

export type { ClaimRow, RewardRow };

export const REWARD_NOT_FOUND = 'This reward is not available.';
export const EVENT_OVER = 'This event reward is not running now.';
export const TIER_CANNOT_EARN = 'Your tier cannot earn rewards.';
export const ALREADY_CLAIMED = 'You have already claimed this reward.';
export const NOT_ENOUGH_XP = 'You do not have enough XP for this reward.';
export const CLAIM_NOT_FOUND = 'No such reward claim.';

/** XP a reward costs in a tier: required XP ÷ reward multiplier, rounded up. */
export function rewardCost(requiredXp: number, tier: Pick<TierRow, 'reward_multiplier_pct'> | null): number {
  const pct = tier?.reward_multiplier_pct ?? 100;
  return Math.ceil((requiredXp * 100) / pct);
}

const running = (reward: RewardRow, now: number) =>
  (reward.starts_at === null || Date.parse(reward.starts_at) <= now) && (reward.ends_at === null || now < Date.parse(reward.ends_at));

export async function progressFor(db: Db, clock: Clock, user: UserRow): Promise<Progress> {
  const tier = await tierRowFor(db, user);
  const { level, progress } = await levelFor(db, user.lifetime_xp);
  const claimed = await liveClaims(db, user.id);
  const now = clock.now();
  const rewards = await activeRewards(db);
  const view = (reward: RewardRow): Reward => {
    const cost = rewardCost(reward.required_xp, tier);
    return {
      id: reward.id,
      name: reward.name,
      description: reward.description,
      requiredXp: cost,
      isEligible: tier !== null && tier.can_earn_rewards === 1 && user.xp >= cost && !claimed.has(reward.id),
      xpNeeded: Math.max(0, cost - user.xp),
    };
  };
  const allRewards = rewards.filter((r) => r.kind === 'standard').map(view);
  const allEventRewards: EventReward[] = rewards
    .filter((r) => r.kind === 'event' && r.ends_at !== null && running(r, now))
    .map((r) => ({ ...view(r), benefit: r.benefit ?? '', endDate: r.ends_at ?? '' }));
  return { xp: user.xp, level, levelProgress: progress, allRewards, allEventRewards };
}

/** Claims a reward of `kind` for the user, spending its XP once. */
export async function claimReward(db: Db, clock: Clock, userId: string, rewardId: string, kind: RewardRow['kind']): Promise<ClaimRow> {
  const reward = await findReward(db, rewardId);
  if (!reward || reward.kind !== kind || reward.is_active !== 1) throw notFound(REWARD_NOT_FOUND);
  if (kind === 'event' && !running(reward, clock.now())) throw badRequest(EVENT_OVER);
  const user = await findUser(db, userId);
  if (!user) throw notFound(REWARD_NOT_FOUND);
  const tier = await tierRowFor(db, user);
  if (!tier || tier.can_earn_rewards !== 1) throw forbidden(TIER_CANNOT_EARN);
  const cost = rewardCost(reward.required_xp, tier);
  return db.transaction().execute(async (trx) => {
    if (!(await spendXp(trx, userId, cost))) throw badRequest(NOT_ENOUGH_XP);
    // Throwing rolls the XP back.
    if (await hasLiveClaim(trx, userId, rewardId)) throw conflict(ALREADY_CLAIMED);
    const claim: ClaimRow = {
      id: newId('clm'),
      user_id: userId,
      reward_id: rewardId,
      reward_description: reward.name,
      xp_spent: cost,
      status: 'CLAIMED',
      created_at: isoNow(clock),
      decided_at: null,
      decided_by: null,
      acknowledged_at: null,
      acknowledged_by: null,
    };
    await insertClaim(trx, claim);
    return claim;
  });
}

export const claimedRewardDto = (claim: ClaimRow): ClaimedReward => ({
  id: claim.id,
  rewardDescription: claim.reward_description,
  createdAt: claim.created_at,
  status: claim.status,
  xpSpent: claim.xp_spent,
});

export async function claimsOf(db: Db, userId: string, limit = 50): Promise<ClaimedReward[]> {
  return (await claimsOfUser(db, userId, limit)).map(claimedRewardDto);
}

/**
 * Staff decide a claim: CLAIMED → DELIVERED, or CLAIMED → CANCELLED with the
 * XP given back, in one conditional transaction (a claim is decided once).
 */
export async function decideClaim(db: Db, clock: Clock, claimId: string, to: Exclude<ClaimStatus, 'CLAIMED'>, staff: string): Promise<ClaimRow> {
  return db.transaction().execute(async (trx) => {
    const claim = await findClaim(trx, claimId);
    if (!claim) throw notFound(CLAIM_NOT_FOUND);
    const now = isoNow(clock);
    // Deciding a claim nobody took also takes it (like resolving a service call).
    if (!(await settleClaim(trx, claimId, to, staff, now))) throw conflict(`This claim is already ${claim.status.toLowerCase()}.`);
    if (to === 'CANCELLED') await giveXpBack(trx, claim.user_id, claim.xp_spent);
    return { ...claim, status: to, decided_at: now, decided_by: staff, acknowledged_at: claim.acknowledged_at ?? now, acknowledged_by: claim.acknowledged_by ?? staff };
  });
}

/** A claim as the console shows it (with the customer's name). */
export async function adminClaim(db: Db, claim: ClaimRow): Promise<AdminClaim> {
  const user = await usernameOf(db, claim.user_id);
  return {
    id: claim.id,
    userId: claim.user_id,
    username: user?.username ?? '?',
    rewardId: claim.reward_id,
    rewardDescription: claim.reward_description,
    xpSpent: claim.xp_spent,
    status: claim.status,
    createdAt: claim.created_at,
    decidedAt: claim.decided_at,
    decidedBy: claim.decided_by,
    acknowledgedAt: claim.acknowledged_at,
    acknowledgedBy: claim.acknowledged_by,
  };
}
