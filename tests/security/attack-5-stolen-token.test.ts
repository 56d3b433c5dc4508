/**
 * Attack 5: keep a stolen token. Tokens used to live 12 hours and survive
 * logout, the end of the session and a password reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSessionAt,
  adminToken,
  call,
  connectEvents,
  loginAt,
  messageOf,
  sendStatus,
  startEnrolledCafe,
  stationQuery,
  tokenOf,
  type Cafe,
  type Enrolled,
} from './support.js';

function claims(token: string): { iat: number; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
}

describe('attack 5: a token dies with its session', () => {
  let cafe: Cafe;
  let st1: Enrolled;
  let admin: string;

  beforeAll(async () => {
    ({ cafe, stations: [st1] } = await startEnrolledCafe([1]));
    admin = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  it('stops working when staff end the session', async () => {
    const token = tokenOf(await loginAt(cafe.url, st1, 'ali', 'ali12345'));
    expect((await call(cafe.url, 'GET', '/profile', { token })).status).toBe(200);
    const session = activeSessionAt(cafe.sql, st1.stationId)!;
    expect((await call(cafe.url, 'POST', `/admin/sessions/${session.id}/end`, { token: admin, body: {} })).status).toBe(200);
    const after = await call(cafe.url, 'GET', '/profile', { token });
    expect(after.status).toBe(401);
    expect(messageOf(after)).toMatch(/session/i);
  });

  it('stops working at logout (the station reports itself available)', async () => {
    const station = await connectEvents(cafe.url, stationQuery(1), st1.credential);
    try {
      const token = tokenOf(await loginAt(cafe.url, st1, 'ali', 'ali12345'));
      sendStatus(station, st1, 'available');
      await station.next('stationStatusAck');
      expect((await call(cafe.url, 'GET', '/profile', { token })).status).toBe(401);
    } finally {
      station.close();
    }
  });

  it('stops working when the password is reset through the emailed link', async () => {
    const token = tokenOf(await loginAt(cafe.url, st1, 'ali', 'ali12345'));
    expect((await call(cafe.url, 'POST', '/auth/client/forgot-password', { body: { email: 'ali@example.com' } })).status).toBe(200);
    const mail = cafe.sql.prepare("select body from outbox where recipient = 'ali@example.com' order by id desc").get() as {
      body: string;
    };
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const reset = await call(cafe.url, 'POST', '/auth/client/reset-password', { body: { token: resetToken, newPassword: 'ali67890' } });
    expect(reset.status).toBe(200);
    expect((await call(cafe.url, 'GET', '/profile', { token })).status).toBe(401);
    // Put it back for the other tests.
    const again = tokenOf(await loginAt(cafe.url, st1, 'ali', 'ali67890'));
    await call(cafe.url, 'PUT', '/profile', { token: again, body: { currentPassword: 'ali67890', newPassword: 'ali12345' } });
  });

  it('a password change from the profile ends every other token of the user', async () => {
    const staff = await adminToken(cafe.url);
    const login = tokenOf(await loginAt(cafe.url, st1, 'admin', 'admin123'));
    const changed = await call(cafe.url, 'PUT', '/profile', { token: login, body: { currentPassword: 'admin123', newPassword: 'admin456' } });
    expect(changed.status).toBe(200);
    expect((await call(cafe.url, 'GET', '/admin/stations', { token: staff })).status).toBe(401);
    // The token that made the change keeps working.
    expect((await call(cafe.url, 'GET', '/profile', { token: login })).status).toBe(200);
    await call(cafe.url, 'PUT', '/profile', { token: login, body: { currentPassword: 'admin456', newPassword: 'admin123' } });
  });

  it('operator tokens are short-lived', async () => {
    const { iat, exp } = claims(await adminToken(cafe.url));
    expect(exp - iat).toBeLessThanOrEqual(60 * 60);
  });
});
