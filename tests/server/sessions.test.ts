import { describe, expect, it } from 'vitest';
import { adminAddBalance, adminStations, currentClientSession, getProfile, stationGames } from '../../src/shared/api/routes.js';
import { connectStation, fail, login, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const MINUTE = 60_000;

describe('GET /client-sessions/current/:userId', () => {
  it('answers the active session to its user and to staff; 403 for others; 404 when none', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const expected = {
      sessionId: ali.sessionId,
      userId: ali.user.id,
      stationId: 'st-02',
      startTime: new Date(t.clock.now()).toISOString(),
      isPrepaid: false,
      remainingMinutes: 1000,
    };
    expect(await ok(t.url, currentClientSession, { params: { userId: ali.user.id }, token: ali.accessToken })).toEqual(expected);
    expect(await ok(t.url, currentClientSession, { params: { userId: ali.user.id }, token: t.admin })).toEqual(expected);

    const sara = await login(t.url, 'sara', 'sara12345', 3);
    expect(await fail(t.url, currentClientSession, { params: { userId: ali.user.id }, token: sara.accessToken })).toMatchObject({ statusCode: 403 });

    const adminUser = await ok(t.url, getProfile, { token: t.admin });
    expect(await fail(t.url, currentClientSession, { params: { userId: adminUser.id }, token: t.admin })).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No active session for this user.',
    });
  });

  it('ends the session when the station reports available (logout), so it then answers 404', async () => {
    const socket = await connectStation(t.url, 2);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    socket.socket.emit('station_status_update', {
      status: 'available',
      timestamp: Date.now(),
      stationId: 'st-02',
      macAddress: '02:53:50:00:00:02',
    });
    expect(await socket.next('sessionEnded')).toMatchObject({ sessionId: ali.sessionId, reason: 'user_logout' });
    await socket.next('stationStatusAck');
    expect(await fail(t.url, currentClientSession, { params: { userId: ali.user.id }, token: ali.accessToken })).toMatchObject({ statusCode: 404 });
    socket.close();
  });
});

describe('billing loop', () => {
  it('charges every minute, publishes the balance, and ends the session when the balance is spent', async () => {
    const socket = await connectStation(t.url, 6); // VIP: 3000 IQD/hour = 50 per minute
    const sara = await login(t.url, 'sara', 'sara12345', 6);
    await ok(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: -7900 }, token: t.admin });
    expect(await socket.next('sessionBalanceUpdate')).toEqual({
      sessionId: sara.sessionId,
      userId: sara.user.id,
      totalUsableBalance: 100,
      remainingMinutes: 2,
      xp: 0,
      level: 1,
    });

    await t.clock.advance(MINUTE);
    expect(await socket.next('sessionBalanceUpdate')).toMatchObject({ totalUsableBalance: 50, remainingMinutes: 1 });
    expect(socket.count('sessionEnded')).toBe(0);

    await t.clock.advance(MINUTE);
    expect(await socket.next('sessionBalanceUpdate')).toMatchObject({ totalUsableBalance: 0, remainingMinutes: 0 });
    expect(await socket.next('sessionEnded')).toEqual({
      sessionId: sara.sessionId,
      stationId: 'st-06',
      userId: sara.user.id,
      reason: 'balance_exhausted',
    });
    expect(await socket.next('stationStatusChanged', (p) => p.status === 'available')).toEqual({
      stationId: 'st-06',
      status: 'available',
      stationNumber: 6,
    });

    const st6 = (await ok(t.url, adminStations, { token: t.admin })).find((s) => s.id === 'st-06');
    expect(st6).toMatchObject({ status: 'available', currentSession: null });
    const session = await t.server.db.selectFrom('client_sessions').selectAll().where('id', '=', sara.sessionId).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ end_reason: 'balance_exhausted', billed_minutes: 2, amount_charged: 100 });
    // The session's token ended with it.
    expect(await fail(t.url, getProfile, { token: sara.accessToken })).toMatchObject({ statusCode: 401 });
    const row = await t.server.db.selectFrom('users').select('balance').where('id', '=', sara.user.id).executeTakeFirstOrThrow();
    expect(row.balance).toBe(0);

    await t.clock.advance(5 * MINUTE);
    await settle();
    expect(socket.count('sessionBalanceUpdate')).toBe(3);
    socket.close();
  });

  it('publishes decreasing remaining minutes for a member at the Standard rate', async () => {
    const socket = await connectStation(t.url, 1);
    await login(t.url, 'ali', 'ali12345', 1); // 25000 IQD at 1500/hour = 1000 minutes
    const seen: (number | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await t.clock.advance(MINUTE);
      seen.push((await socket.next('sessionBalanceUpdate')).remainingMinutes);
    }
    expect(seen).toEqual([999, 998, 997]);
    socket.close();
  });

  it('holds a login that waits for a top-up (not billed, token limited), and add-balance releases it and publishes the balance', async () => {
    const socket = await connectStation(t.url, 5);
    const topup = await login(t.url, 'topup', 'topup123', 5);
    await t.clock.advance(MINUTE);
    await settle();
    expect(socket.count('sessionBalanceUpdate')).toBe(0);
    expect(socket.count('sessionEnded')).toBe(0);
    expect(await fail(t.url, stationGames, { params: { stationId: 'st-05' }, token: topup.accessToken })).toMatchObject({
      statusCode: 403,
    });

    const answer = await ok(t.url, adminAddBalance, { params: { username: 'TopUp' }, body: { amount: 1500 }, token: t.admin });
    expect(answer).toEqual({ success: true, balance: 1500 });
    expect(await socket.next('sessionBalanceUpdate', (p) => p.totalUsableBalance === 1500)).toMatchObject({
      sessionId: topup.sessionId,
      remainingMinutes: 60,
    });
    const profile = await ok(t.url, getProfile, { token: topup.accessToken });
    expect(profile).toMatchObject({ balance: 1500, requireBalanceTopUp: false });
    expect(await ok(t.url, stationGames, { params: { stationId: 'st-05' }, token: topup.accessToken })).not.toHaveLength(0);
    socket.close();
  });

  it('ends a login left at its gate once the gate has timed out (130 s), charging nothing', async () => {
    const socket = await connectStation(t.url, 4);
    const held = await login(t.url, 'topup', 'topup123', 4);
    await t.clock.advance(2 * MINUTE);
    expect(socket.count('sessionEnded')).toBe(0);
    await t.clock.advance(10_000);
    expect(await socket.next('sessionEnded')).toMatchObject({ sessionId: held.sessionId, reason: 'gate_timeout' });
    const row = await t.server.db.selectFrom('client_sessions').selectAll().where('id', '=', held.sessionId).executeTakeFirstOrThrow();
    expect(row.amount_charged).toBe(0);
    socket.close();
  });

  it('refuses to take a balance below zero', async () => {
    expect(await fail(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: -9000 }, token: t.admin })).toMatchObject({
      statusCode: 400,
    });
    expect(await fail(t.url, adminAddBalance, { params: { username: 'ghost' }, body: { amount: 5 }, token: t.admin })).toMatchObject({
      statusCode: 404,
    });
    const sara = await t.server.db.selectFrom('users').select('balance').where('username', '=', 'sara').executeTakeFirst();
    expect(sara?.balance).toBe(8000);
  });
});
