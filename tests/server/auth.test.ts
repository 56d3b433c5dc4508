import { describe, expect, it } from 'vitest';
import {
  adminLogin,
  adminStations,
  getProfile,
  login as loginRoute,
  verifyPassword,
} from '../../src/shared/api/routes.js';
import { NOT_ENROLLED } from '../../src/server/authority/station-credential.js';
import { loginResponseSchema } from '../../src/shared/entities.js';
import { adminToken, api, connectStation, fail, login, ok, startServer } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

describe('POST /auth/client/login', () => {
  it('answers a LoginResponse, tells the station, and marks it in_use', async () => {
    const socket = await connectStation(t.url, 3);
    const res = await api(t.url, 'POST', '/auth/client/login', {
      body: { username: 'ALI', password: 'ali12345', macAddress: '02-53-50-00-00-03' },
    });
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(res.body);
    expect(body.stationId).toBe('st-03');
    expect(body.user).toMatchObject({
      username: 'ali',
      displayName: 'Ali Hassan',
      balance: 25000,
      isGuest: false,
      sessionId: body.sessionId,
      stationId: 'st-03',
      stationNumber: 3,
      claimedRewards: [],
    });
    expect(body.user.tier?.name).toBe('Silver');
    expect(body.user.lastLoginAt).toBe(new Date(t.clock.now()).toISOString());

    const started = await socket.next('sessionStarted');
    expect(started).toMatchObject({
      sessionId: body.sessionId,
      stationId: 'st-03',
      stationNumber: 3,
      userId: body.user.id,
      username: 'ali',
      isGuest: false,
      macAddress: '02:53:50:00:00:03',
      token: body.accessToken,
    });
    expect(await socket.next('stationStatusChanged')).toEqual({ stationId: 'st-03', status: 'in_use', stationNumber: 3 });

    const stations = await ok(t.url, adminStations, { token: await adminToken(t.url) });
    const st3 = stations.find((s) => s.id === 'st-03');
    expect(st3?.status).toBe('in_use');
    expect(st3?.currentSession).toMatchObject({ sessionId: body.sessionId, username: 'ali', remainingMinutes: 1000 });
    socket.close();
  });

  it('ends the user\'s session on another station when they log in again', async () => {
    const old = await connectStation(t.url, 1);
    const first = await login(t.url, 'sara', 'sara12345', 1);
    const second = await login(t.url, 'sara', 'sara12345', 2);
    expect(await old.next('sessionEnded')).toEqual({
      sessionId: first.sessionId,
      stationId: 'st-01',
      userId: first.user.id,
      reason: 'logged_in_elsewhere',
    });
    expect(await old.next('stationStatusChanged', (p) => p.status === 'available')).toBeTruthy();
    const profile = await ok(t.url, getProfile, { token: second.accessToken });
    expect(profile.sessionId).toBe(second.sessionId);
    old.close();
  });

  it('refuses a wrong password or unknown user with 401 and the SPEC message', async () => {
    for (const body of [
      { username: 'ali', password: 'wrong-password', macAddress: '02:53:50:00:00:01' },
      { username: 'nobody', password: 'ali12345', macAddress: '02:53:50:00:00:01' },
    ]) {
      expect(await fail(t.url, loginRoute, { body })).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid username or password.',
      });
    }
    const sessions = await t.server.db.selectFrom('client_sessions').selectAll().execute();
    expect(sessions).toEqual([]);
  });

  it('refuses a PC that presents no station credential with 401, whatever MAC it names', async () => {
    for (const macAddress of ['AA:BB:CC:DD:EE:FF', '02:53:50:00:00:01']) {
      const err = await fail(t.url, loginRoute, { body: { username: 'ali', password: 'ali12345', macAddress }, credential: null });
      expect(err).toMatchObject({ statusCode: 401, message: NOT_ENROLLED });
    }
  });
});

describe('login rate limit', () => {
  it('answers 429 after the configured number of attempts per IP and username', async () => {
    const limited = await startServer({ loginRateLimit: { max: 3, windowMs: 60_000 } });
    const attempt = (username: string) =>
      api(limited.url, 'POST', '/auth/client/login', {
        body: { username, password: 'nope', macAddress: '02:53:50:00:00:01' },
      });
    expect([(await attempt('ali')).status, (await attempt('ali')).status, (await attempt('ALI')).status]).toEqual([401, 401, 401]);
    const blocked = await attempt('ali');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect((blocked.body as { message: string }).message).toMatch(/Too many login attempts/);
    // Another username from the same IP has its own budget.
    expect((await attempt('sara')).status).toBe(401);
    await limited.close();
  });
});

describe('bearer tokens', () => {
  it('401 without a token or with a bad one, 403 for a regular user on an admin route', async () => {
    expect(await fail(t.url, getProfile)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(await fail(t.url, getProfile, { token: 'not-a-jwt' })).toMatchObject({ statusCode: 401 });
    const other = await startServer({ jwtSecret: 'another-secret' });
    const foreign = await login(other.url, 'ali', 'ali12345', 1);
    await other.close();
    expect(await fail(t.url, getProfile, { token: foreign.accessToken })).toMatchObject({ statusCode: 401 });

    const { accessToken } = await login(t.url, 'ali', 'ali12345', 1);
    expect(await fail(t.url, adminStations, { token: accessToken })).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
    });
  });

  it('admin login is for admin and staff accounts only', async () => {
    expect(await fail(t.url, adminLogin, { body: { username: 'ali', password: 'ali12345' } })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, adminLogin, { body: { username: 'admin', password: 'nope' } })).toMatchObject({
      statusCode: 401,
      message: 'Invalid username or password.',
    });
    const stations = await ok(t.url, adminStations, { token: await adminToken(t.url) });
    expect(stations).toHaveLength(8);
  });
});

describe('POST /auth/client/verify-password and GET /profile', () => {
  it('checks the signed-in user\'s own password only', async () => {
    const { accessToken } = await login(t.url, 'ali', 'ali12345', 1);
    const check = (username: string, password: string) =>
      ok(t.url, verifyPassword, { body: { username, password }, token: accessToken });
    expect(await check('ali', 'ali12345')).toEqual({ isValid: true });
    expect(await check('ali', 'wrong')).toEqual({ isValid: false });
    expect(await check('sara', 'sara12345')).toEqual({ isValid: false });
  });

  it('returns the token\'s user with the reset and top-up flags', async () => {
    const reset = await login(t.url, 'reset_me', 'reset123', 4);
    expect(await ok(t.url, getProfile, { token: reset.accessToken })).toMatchObject({
      username: 'reset_me',
      requirePasswordReset: true,
      requireBalanceTopUp: false,
      balance: 5000,
      stationId: 'st-04',
    });
    const topup = await login(t.url, 'topup', 'topup123', 5);
    expect((await ok(t.url, getProfile, { token: topup.accessToken })).requireBalanceTopUp).toBe(true);
  });
});
