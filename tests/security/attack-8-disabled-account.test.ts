/**
 * Attack 8 (issue 15, desk): keep using an account the cafe turned off. Before
 * the desk could disable an account there was no way to stop a customer (or a
 * staff member who left) from signing in or from using a token already held.
 * Now: the login answers a clear error, every token of the account is refused,
 * its running session at a station ends, and staff cannot turn off anyone but
 * customers (staff accounts are the owner's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../../src/shared/api/desk.js';
import {
  activeSessionAt,
  adminToken,
  call,
  connectEvents,
  loginAt,
  messageOf,
  startEnrolledCafe,
  stationQuery,
  tokenOf,
  type Cafe,
  type Enrolled,
} from './support.js';

describe('attack 8: a disabled account is out at once', () => {
  let cafe: Cafe;
  let st1: Enrolled;
  let admin: string;

  beforeAll(async () => {
    ({ cafe, stations: [st1] } = await startEnrolledCafe([1]));
    admin = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  it('a customer: the running session ends, the token is refused, the login says why', async () => {
    const station = await connectEvents(cafe.url, stationQuery(1), st1.credential);
    try {
      const token = tokenOf(await loginAt(cafe.url, st1, 'ali', 'ali12345'));
      expect((await call(cafe.url, 'GET', '/profile', { token })).status).toBe(200);
      expect(activeSessionAt(cafe.sql, st1.stationId)).toBeTruthy();

      const off = await call(cafe.url, 'POST', '/admin/customers/ali/disable', { token: admin, body: { reason: 'chargeback' } });
      expect(off.status).toBe(200);
      expect(await station.next('sessionEnded')).toMatchObject({ reason: 'account_disabled' });
      expect(activeSessionAt(cafe.sql, st1.stationId)).toBeFalsy();

      const stolen = await call(cafe.url, 'GET', '/profile', { token });
      expect(stolen.status).toBe(401);
      expect(messageOf(stolen)).toBe(ACCOUNT_DISABLED);

      const again = await loginAt(cafe.url, st1, 'ali', 'ali12345');
      expect(again.status).toBe(403);
      expect(messageOf(again)).toBe(ACCOUNT_DISABLED);
      // A wrong password still reads as a wrong password: the state is no oracle without the password.
      expect((await loginAt(cafe.url, st1, 'ali', 'wrong-password')).status).toBe(401);
      // A prepaid card is not spent on it either.
      const redeem = await call(cafe.url, 'POST', '/prepaid-cards/redeem-with-username', {
        credential: st1.credential,
        body: { code: 'NOPE-NOPE', username: 'ali' },
      });
      expect(redeem.status).toBe(403);

      expect((await call(cafe.url, 'POST', '/admin/customers/ali/enable', { token: admin, body: {} })).status).toBe(200);
      const back = await loginAt(cafe.url, st1, 'ali', 'ali12345');
      expect(back.status).toBe(200);
      // The token from before the disabling stays dead (its epoch moved on).
      expect((await call(cafe.url, 'GET', '/profile', { token })).status).toBe(401);
    } finally {
      station.close();
    }
  });

  it('a staff member: the bearer token and every sign-in are refused; only an owner may do it', async () => {
    const staffLogin = () => call(cafe.url, 'POST', '/admin/login', { body: { username: 'desk', password: 'desk1234' } });
    const deskToken = tokenOf(await staffLogin());
    expect((await call(cafe.url, 'GET', '/admin/stations', { token: deskToken })).status).toBe(200);
    // Staff cannot turn an owner off, through either door.
    expect((await call(cafe.url, 'POST', '/admin/customers/admin/disable', { token: deskToken, body: { reason: 'x' } })).status).toBe(404);
    expect((await call(cafe.url, 'POST', '/admin/staff/admin/disable', { token: deskToken, body: { reason: 'x' } })).status).toBe(403);

    expect((await call(cafe.url, 'POST', '/admin/staff/desk/disable', { token: admin, body: { reason: 'left the cafe' } })).status).toBe(200);
    const refused = await call(cafe.url, 'GET', '/admin/stations', { token: deskToken });
    expect(refused.status).toBe(401);
    expect(messageOf(refused)).toBe(ACCOUNT_DISABLED);
    const relogin = await staffLogin();
    expect(relogin.status).toBe(403);
    expect(messageOf(relogin)).toBe(ACCOUNT_DISABLED);
    const console = await call(cafe.url, 'POST', '/admin/console/login', { body: { username: 'desk', password: 'desk1234' } });
    expect(console.status).toBe(403);
  });
});
