/**
 * The profile's server side (issue 13): XP from play time × the tier's
 * multiplier, levels from the level table, rewards with eligibility, claims
 * that spend XP exactly once (parallel claims → one), staff decisions, and
 * tiers staff manage.
 */
import { describe, expect, it } from 'vitest';
import {
  adminCancelClaim,
  adminClaims,
  adminCreateTier,
  adminDeliverClaim,
  adminTiers,
  adminUpdateTier,
  appClosed,
  appLaunched,
  claimEventReward,
  claimReward,
  getProfile,
  rewardsProgress,
  rewardTiers,
} from '../../src/shared/api/routes.js';
import { levelFromTable, DEFAULT_LEVELS } from '../../src/server/xp/levels.js';
import { xpForPlay } from '../../src/server/play-tracking/xp-awards.js';
import { syncLevels } from '../../src/server/tiers/defaults.js';
import { api, connectStation, fail, login, ok, reportRunning, runFor } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });
const MINUTE = 60_000;

async function playAt(station: number, username: string, password: string, minutes: number, jsonId = 'game-cs2') {
  const who = await login(t.url, username, password, station);
  const body = { jsonId, sessionId: who.sessionId, userId: who.user.id, stationId: `st-0${station}` };
  // The station's shell sees the game running the whole time (issue 22: only that time earns XP).
  await reportRunning(t.url, station, [jsonId]);
  await ok(t.url, appLaunched, { body, token: who.accessToken });
  await runFor(t.url, t.clock, station, [jsonId], minutes * MINUTE);
  await ok(t.url, appClosed, { body, token: who.accessToken });
  return { who, body };
}

const setXp = (username: string, xp: number) => t.server.db.updateTable('users').set({ xp }).where('username', '=', username).execute();

describe('levels and XP arithmetic', () => {
  it('reads the level from the table, 10,000 XP per level past its end', () => {
    expect(levelFromTable(DEFAULT_LEVELS, 0)).toEqual({ level: 1, progress: { currentLevelXp: 0, nextLevelXp: 1000, xpToNextLevel: 1000, progress: 0 } });
    expect(levelFromTable(DEFAULT_LEVELS, 4200).level).toBe(3);
    expect(levelFromTable(DEFAULT_LEVELS, 4200).progress).toEqual({ currentLevelXp: 1200, nextLevelXp: 3000, xpToNextLevel: 1800, progress: 40 });
    expect(levelFromTable(DEFAULT_LEVELS, 45_000).progress.nextLevelXp).toBe(10_000);
    expect(levelFromTable(DEFAULT_LEVELS, 57_500)).toEqual({ level: 11, progress: { currentLevelXp: 2500, nextLevelXp: 10_000, xpToNextLevel: 7500, progress: 25 } });
  });

  it('gives 600 XP an hour times the tier multiplier, by the second, rounded down', () => {
    expect(xpForPlay(3600, 100)).toBe(600);
    expect(xpForPlay(3600, 125)).toBe(750);
    expect(xpForPlay(59, 100)).toBe(9);
    expect(xpForPlay(0, 150)).toBe(0);
  });
});

describe('XP from play time', () => {
  it('adds the play’s XP at the tier multiplier once, tells the station, and the level follows', async () => {
    const socket = await connectStation(t.url, 2);
    const { who, body } = await playAt(2, 'ali', 'ali12345', 60);
    // ali is Silver (×1.25): 750 XP for the hour.
    const update = await socket.next('sessionBalanceUpdate', (p) => p.xp === 4950);
    expect(update).toMatchObject({ xp: 4950, level: 3 });
    await ok(t.url, appClosed, { body, token: who.accessToken }); // a second close earns nothing
    const progress = await ok(t.url, rewardsProgress, { token: who.accessToken });
    expect(progress.xp).toBe(4950);
    expect(progress.level).toBe(3);
    expect(progress.levelProgress).toEqual({ currentLevelXp: 1950, nextLevelXp: 3000, xpToNextLevel: 1050, progress: 65 });
    socket.close();
  });

  it('raises the level when lifetime XP crosses a row of the table', async () => {
    const { who } = await playAt(3, 'sara', 'sara12345', 100);
    // sara is Bronze (×1): 1000 XP → level 2.
    const profile = await ok(t.url, getProfile, { token: who.accessToken });
    expect(profile).toMatchObject({ xp: 1000, level: 2, tier: { name: 'Bronze' } });
  });

  it('brings every member’s level in line with the level table (an upgraded database, a changed table)', async () => {
    await t.server.db.updateTable('users').set({ lifetime_xp: 16_000 }).where('username', '=', 'ali').execute();
    expect(await syncLevels(t.server.db)).toBe(1);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    expect(await ok(t.url, getProfile, { token: ali.accessToken })).toMatchObject({ level: 6, tier: { name: 'Gold' } });
    expect(await syncLevels(t.server.db)).toBe(0);
  });

  it('follows the tiers staff set: a doubled multiplier doubles the XP', async () => {
    const silver = (await ok(t.url, adminTiers, { token: t.admin })).find((tier) => tier.name === 'Silver')!;
    await ok(t.url, adminUpdateTier, { params: { id: silver.id }, body: { xpMultiplier: 2 }, token: t.admin });
    const { who } = await playAt(2, 'ali', 'ali12345', 30);
    expect((await ok(t.url, getProfile, { token: who.accessToken })).xp).toBe(4200 + 600);
  });
});

describe('rewards', () => {
  it('lists rewards with their cost in the tier, eligibility and XP still needed, and the running event rewards', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const progress = await ok(t.url, rewardsProgress, { token: ali.accessToken });
    const byName = Object.fromEntries(progress.allRewards.map((r) => [r.name, r]));
    // Silver's reward multiplier ×1.1: 1000 XP → 910.
    expect(byName['Free energy drink']).toMatchObject({ requiredXp: 910, isEligible: true, xpNeeded: 0 });
    expect(byName['Headset upgrade']).toMatchObject({ requiredXp: 7273, isEligible: false, xpNeeded: 7273 - 4200 });
    expect(progress.allEventRewards).toEqual([
      expect.objectContaining({ name: 'Weekend warrior', benefit: 'Free snack', isEligible: true, endDate: expect.any(String) }),
    ]);
    const tiers = await ok(t.url, rewardTiers, { token: ali.accessToken });
    expect(tiers.map((tier) => tier.name)).toEqual(['Bronze', 'Silver', 'Gold']);
  });

  it('two claims of the same reward in parallel: exactly one succeeds and the XP is spent once', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => api(t.url, 'POST', '/rewards/claim', { token: ali.accessToken, body: { rewardId: 'rwd_demo_drink' } })),
    );
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.status === 409)).toHaveLength(5);
    const profile = await ok(t.url, getProfile, { token: ali.accessToken });
    expect(profile.xp).toBe(4200 - 910);
    expect(profile.claimedRewards).toEqual([
      { id: expect.any(String), rewardDescription: 'Free energy drink', createdAt: expect.any(String), status: 'CLAIMED', xpSpent: 910 },
    ]);
  });

  it('claims of different rewards in parallel with XP for one: one succeeds', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    await setXp('ali', 3000); // the hour costs 2728, the drink 910, the event 455: 2728 + 455 > 3000
    const [hour, event] = await Promise.all([
      api(t.url, 'POST', '/rewards/claim', { token: ali.accessToken, body: { rewardId: 'rwd_demo_hour' } }),
      api(t.url, 'POST', '/rewards/events/claim', { token: ali.accessToken, body: { eventRewardId: 'rwd_demo_weekend' } }),
    ]);
    // The event reward (455) and the hour (2728) cannot both be paid from 3000: one of them is refused.
    expect([hour.status, event.status].sort()).toEqual([200, 400]);
    const xp = (await ok(t.url, getProfile, { token: ali.accessToken })).xp;
    expect(3000 - xp).toBe(hour.status === 200 ? 2728 : 455);
  });

  it('refuses: locked rewards, a standard reward on the event route, and a tier that cannot earn', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    expect(await fail(t.url, claimReward, { body: { rewardId: 'rwd_demo_headset' }, token: ali.accessToken })).toMatchObject({
      statusCode: 400,
      message: 'You do not have enough XP for this reward.',
    });
    expect((await fail(t.url, claimEventReward, { body: { eventRewardId: 'rwd_demo_drink' }, token: ali.accessToken })).statusCode).toBe(404);
    const silver = (await ok(t.url, adminTiers, { token: t.admin })).find((tier) => tier.name === 'Silver')!;
    await ok(t.url, adminUpdateTier, { params: { id: silver.id }, body: { canEarnRewards: false }, token: t.admin });
    expect((await ok(t.url, rewardsProgress, { token: ali.accessToken })).allRewards.every((r) => !r.isEligible)).toBe(true);
    expect((await fail(t.url, claimReward, { body: { rewardId: 'rwd_demo_drink' }, token: ali.accessToken })).statusCode).toBe(403);
  });

  it('staff deliver a claim, or cancel it and the XP comes back; a claim is decided once', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    await ok(t.url, claimReward, { body: { rewardId: 'rwd_demo_drink' }, token: ali.accessToken });
    await ok(t.url, claimEventReward, { body: { eventRewardId: 'rwd_demo_weekend' }, token: ali.accessToken });
    const waiting = await ok(t.url, adminClaims, { token: t.admin });
    expect(waiting.map((c) => c.rewardDescription).sort()).toEqual(['Free energy drink', 'Weekend warrior']);
    const drink = waiting.find((c) => c.rewardId === 'rwd_demo_drink')!;
    const weekend = waiting.find((c) => c.rewardId === 'rwd_demo_weekend')!;
    expect(await ok(t.url, adminDeliverClaim, { params: { id: drink.id }, token: t.admin })).toMatchObject({ status: 'DELIVERED', decidedBy: 'admin' });
    expect((await fail(t.url, adminCancelClaim, { params: { id: drink.id }, token: t.admin })).statusCode).toBe(409);
    await ok(t.url, adminCancelClaim, { params: { id: weekend.id }, token: t.admin });
    const profile = await ok(t.url, getProfile, { token: ali.accessToken });
    expect(profile.xp).toBe(4200 - 910);
    expect(profile.claimedRewards.map((c) => c.status).sort()).toEqual(['CANCELLED', 'DELIVERED']);
    // A cancelled claim gives the reward back.
    expect((await ok(t.url, rewardsProgress, { token: ali.accessToken })).allEventRewards[0]?.isEligible).toBe(true);
  });

  it('staff add tiers; a name or minimum level already used is a 409', async () => {
    const platinum = { name: 'Platinum', minLevel: 9, xpMultiplier: 2, rewardMultiplier: 1.5, canEarnRewards: true, hasNfcAccess: true, canReserveStations: true, maxReservationHours: 6 };
    expect(await ok(t.url, adminCreateTier, { body: platinum, token: t.admin })).toMatchObject({ name: 'Platinum', xpMultiplier: 2 });
    expect((await fail(t.url, adminCreateTier, { body: { ...platinum, name: 'Other' }, token: t.admin })).statusCode).toBe(409);
    expect((await fail(t.url, adminCreateTier, { body: { ...platinum, minLevel: 12 } })).statusCode).toBe(401);
  });
});
