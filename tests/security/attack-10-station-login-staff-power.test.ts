/**
 * Issue 21 (one authority): a staff or owner account that signs in at a
 * station gets a customer-door token. Before, that token was accepted by every
 * admin route with the account's role — with the owner's password alone one
 * listed the staff, read the audit log, created owners — and any staff token
 * could test anyone's password through verify-password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { call, loginAt, startEnrolledCafe, tokenOf, type Cafe, type Enrolled } from './support.js';

let cafe: Cafe;
let station: Enrolled;

beforeAll(async () => {
  const started = await startEnrolledCafe([3]);
  cafe = started.cafe;
  station = started.stations[0];
}, 60_000);

afterAll(async () => {
  await cafe?.stop();
});

describe('a sign-in at a station never carries staff power', () => {
  it("the owner's station token is refused by the owner's admin routes (and by every staff route)", async () => {
    const owner = tokenOf(await loginAt(cafe.url, station, 'admin', 'admin123'));
    for (const [method, path] of [
      ['GET', '/admin/staff'],
      ['GET', '/admin/audit'],
      ['GET', '/admin/stations'],
    ] as const) {
      const reply = await call(cafe.url, method, path, { token: owner });
      expect(reply.status, `${method} ${path}`).toBe(403);
    }
    const before = cafe.sql.prepare("select count(*) as n from users where type = 'admin'").get() as { n: number };
    const created = await call(cafe.url, 'POST', '/admin/staff', {
      token: owner,
      body: { username: 'intruder', password: 'intruder123', role: 'owner', displayName: 'x' },
    });
    expect(created.status).toBe(403);
    const after = cafe.sql.prepare("select count(*) as n from users where type = 'admin'").get() as { n: number };
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("a staff member's station token cannot test someone else's password (verify-password checks only the caller's own)", async () => {
    const desk = tokenOf(await loginAt(cafe.url, station, DEMO_STAFF.username, DEMO_STAFF.password));
    const other = await call(cafe.url, 'POST', '/auth/client/verify-password', { token: desk, body: { username: 'admin', password: 'admin123' } });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ isValid: false });
    const own = await call(cafe.url, 'POST', '/auth/client/verify-password', {
      token: desk,
      body: { username: DEMO_STAFF.username, password: DEMO_STAFF.password },
    });
    expect(own.body).toEqual({ isValid: true });
  });
});
