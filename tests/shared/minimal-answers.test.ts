/**
 * The station reads answers as the SPEC describes them, not as our server
 * shapes them: for each route the renderer calls, the smallest answer the
 * SPEC (§3 entities, §7 calls) allows parses — fields the SPEC lists without
 * promising come back null or not at all, and an unknown extra field is fine.
 */
import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/shared/api/route.js';
import * as routes from '../../src/shared/api/routes.js';

const extra = { addedByANewerServer: 'ignored' };
/** A user as the SPEC promises one: id and username; everything else null. */
const user = { id: 'u-1', username: 'ali', email: null, phoneNumber: null, displayName: null, avatarUrl: null, tier: null, ...extra };
const loginData = { accessToken: 'token', user, sessionId: 's-1', stationId: 'st-01', ...extra };
const game = { Json_ID: 'game-doom', Name: 'DOOM', Platform: 3, App_ID: null, ...extra };

/** Every route the renderer calls, with a minimal SPEC-shaped answer. */
const minimalAnswers: [string, Route, unknown][] = [
  ['station details', routes.getStationDetails, { success: true, station: { id: 'st-01', number: 1, status: 'available', groupId: null, ...extra }, group: null, announcement: null, wifiQR: null, ...extra }],
  ['station details without the optional parts', routes.getStationDetails, { station: { id: 'st-01', number: 1, status: 'available' } }],
  ['heartbeat (not read)', routes.stationHeartbeat, { success: true, serverTime: '2026-01-01T00:00:00Z', ...extra }],
  ['password login', routes.login, loginData],
  ['NFC login', routes.nfcLogin, loginData],
  ['register', routes.register, { success: true, ...extra }],
  ['verify phone', routes.verifyPhoneRegistration, { verified: true, ...extra }],
  ['forgot password (answer not shown)', routes.forgotPassword, {}],
  ['reset password (answer not shown)', routes.resetPassword, { ...extra }],
  ['email verification', routes.verifyEmail, { ...extra }],
  ['verify password', routes.verifyPassword, { isValid: true, ...extra }],
  ['check username (shape not shown)', routes.checkUsername, { ...extra }],
  ['phone start', routes.phoneStart, { ...extra }],
  ['QR session', routes.oauthQrSession, { sessionId: 'q-1', authUrl: 'https://example.test/a', expiresIn: 300, ...extra }],
  ['QR status pending', routes.oauthQrStatus, { status: 'pending', userData: null, ...extra }],
  ['QR status completed', routes.oauthQrStatus, { status: 'completed', userData: { provider: 'steam', steamId: '765', loginData, ...extra } }],
  ['OAuth email check, new email', routes.oauthCheckEmail, { emailExists: false, loginData: null, userData: { email: 'a@b.c', suggestedUsername: 'ali', ...extra } }],
  ['OAuth email check, known email', routes.oauthCheckEmail, { emailExists: true, loginData, userData: null }],
  ['profile (includes level)', routes.getProfile, { ...user, level: 3 }],
  ['profile update', routes.updateProfile, user],
  ['current session', routes.currentClientSession, { isPrepaid: false, remainingMinutes: null, ...extra }],
  ['redeem with username', routes.redeemPrepaidWithUsername, { success: true, message: 'Added', balanceAdded: 5000, ...extra }],
  ['NFC card verify', routes.verifyNfcCard, { valid: true, userId: null, ...extra }],
  ['customer offers', routes.customerOffers, { success: true, data: [{ id: 'o-1', name: 'Bonus', offerType: 'credit_bonus', ...extra }], ...extra }],
  ['station games', routes.stationGames, [game]],
  ['logo', routes.mediaLogo, { logo: { isActive: false, ...extra }, ...extra }],
  ['no logo', routes.mediaLogo, { logo: null }],
  ['background video', routes.mediaBackgroundVideo, { video: { downloadUrl: '/cafe-settings/media/bg.mp4', ...extra } }],
  ['no background video', routes.mediaBackgroundVideo, { video: null }],
];

describe('minimal SPEC-shaped answers', () => {
  it('a registration answered {success, requiresPhoneVerification: false, registrationKey: null} parses', () => {
    const answer = routes.register.response.safeParse({ success: true, requiresPhoneVerification: false, registrationKey: null, ...extra });
    expect(answer.success).toBe(true);
    expect(answer.data).toEqual({ success: true, requiresPhoneVerification: false, registrationKey: undefined });
  });

  it.each(minimalAnswers)('%s', (_name, route, answer) => {
    const parsed = route.response.safeParse(answer);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('fields the SPEC leaves out read as null or a neutral value, never as invented data', () => {
    const read = routes.login.response.parse(loginData);
    expect(read.user).toMatchObject({ email: null, tier: null, lastLoginAt: null, steamId: null, balance: 0, requireBalanceTopUp: false, requirePasswordReset: false, claimedRewards: [] });
    expect(routes.stationGames.response.parse([game])[0]).toMatchObject({ Categories: [], Thumbnail: '', IsMultiPlatform: false });
    expect(routes.currentClientSession.response.parse({ isPrepaid: true, remainingMinutes: 12 })).toMatchObject({ sessionId: null, remainingMinutes: 12 });
  });

  it('what the SPEC promises stays required', () => {
    expect(routes.login.response.safeParse({ ...loginData, accessToken: undefined }).success).toBe(false);
    expect(routes.login.response.safeParse({ ...loginData, user: { username: 'ali' } }).success).toBe(false);
    expect(routes.getProfile.response.safeParse({ ...user, level: undefined }).success).toBe(false);
    expect(routes.currentClientSession.response.safeParse({ remainingMinutes: 5 }).success).toBe(false);
    expect(routes.verifyPassword.response.safeParse({}).success).toBe(false);
    expect(routes.oauthQrSession.response.safeParse({ sessionId: 'q', authUrl: 'x' }).success).toBe(false);
  });
});

describe('the other shapes the SPEC allows (issue 24)', () => {
  it('ids of any JSON scalar type read as strings: a server that numbers its ids logs in', () => {
    const numbered = { accessToken: 't', user: { id: 42, username: 'ali' }, sessionId: 7, stationId: 3 };
    const read = routes.login.response.parse(numbered);
    expect(read).toMatchObject({ sessionId: '7', stationId: '3', user: { id: '42' } });
    expect(routes.stationGames.response.parse([{ ...game, App_ID: 570 }])[0]!.App_ID).toBe('570');
  });

  it('a tier with only its name reads with neutral benefits', () => {
    const read = routes.getProfile.response.parse({ ...user, level: 1, tier: { name: 'Gold' } });
    expect(read.tier).toMatchObject({ name: 'Gold', canEarnRewards: false, hasNfcAccess: false, xpMultiplier: 1 });
  });

  it('§3 "X or Y": history gameName or name, account sessionId or currentSessionId, eligibleRewards, eventEndDate', () => {
    const history = routes.playHistory.response.parse([
      { id: 1, jsonId: 'game-a', gameName: 'A', startTime: '2026-01-01T10:00:00Z', endTime: null, durationMinutes: null },
      { id: 2, jsonId: 'game-b', name: 'B', startTime: '2026-01-01T09:00:00Z', endTime: '2026-01-01T09:30:00Z', durationMinutes: 30 },
    ]);
    expect(history.map((h) => h.gameName)).toEqual(['A', 'B']);
    const [account] = routes.clientGameAccounts.response.parse([
      { id: 9, username: 'acc', platform: 3, inUse: true, currentSessionId: 5, accountDisplayName: 'Account 1' },
    ]);
    expect(account).toMatchObject({ id: '9', sessionId: '5', gameName: null });
    const progress = routes.rewardsProgress.response.parse({
      xp: 100,
      level: 1,
      eligibleRewards: [{ id: 1, name: 'Coffee', requiredXp: 50 }],
      eligibleEventRewards: [{ id: 2, name: 'Night', requiredXp: 10, eventEndDate: '2026-12-01' }],
    });
    expect(progress.allRewards[0]).toMatchObject({ id: '1', name: 'Coffee', isEligible: false });
    expect(progress.allEventRewards[0]).toMatchObject({ endDate: '2026-12-01' });
    expect(progress.levelProgress).toBeNull();
  });

  it('one malformed entry is skipped, never empties the list', () => {
    const list = routes.stationGames.response.parse([game, { Json_ID: 'game-x' }, { ...game, Json_ID: 'other-entry', Name: 'Other' }]);
    expect(list.map((g) => g.Name)).toEqual(['DOOM', 'Other']);
    const history = routes.playHistory.response.parse([{ id: 1 }, { id: 2, name: 'B', startTime: 't' }]);
    expect(history).toHaveLength(1);
  });

  it('where the SPEC shows no answer, a bare object is success; PUT /profile may answer nothing', () => {
    expect(routes.unlinkSteam.response.parse({})).toMatchObject({ success: true });
    expect(routes.sendFriendRequest.response.parse({})).toMatchObject({ success: true });
    expect(routes.updatedProfileAnswer.parse({})).toBeNull();
    expect(routes.updatedProfileAnswer.parse(user)).toMatchObject({ username: 'ali' });
    expect(routes.assignGameAccount.response.safeParse({}).success).toBe(true);
    expect(routes.appLaunched.response.parse({})).toEqual({ data: { success: true } });
  });

  it('a friend request as the SPEC shapes it (no requester id beside the friendship) and a numeric friend code', () => {
    const [request] = routes.friendRequests.response.parse([
      { id: 4, username: 'sara', displayName: null, sentAt: 't', friendship: { id: 4, userId: 11, friendId: 12, status: 'pending', createdAt: 't' } },
    ]);
    expect(request!.friendship?.userId).toBe('11');
    expect(routes.myFriendCode.response.parse({ friendCode: 7123456 }).friendCode).toBe('7123456');
  });
});
