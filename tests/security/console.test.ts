/**
 * Attacks on the operator console and the admin API (issue 15), against the
 * real server process. One walk over the whole admin route table: a
 * customer's token is refused (403) everywhere, a page of another origin is
 * refused (403) everywhere even with a valid staff token, and a console
 * session without its CSRF token changes nothing. A staff member cannot do
 * an owner's work, and a console cookie cannot act as a customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ROLES } from '../../src/shared/api/permissions.js';
import { allRoutes, CONSOLE_COOKIE, routeKey } from '../../src/shared/api/routes.js';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { ConsoleClient } from '../support/console-client.js';
import { call, loginAt, messageOf, startEnrolledCafe, tokenOf, type Cafe, type Enrolled } from './support.js';

let cafe: Cafe;
let station: Enrolled;
let customer: string;
let staffBearer: string;

/** A concrete path for a route: every :param filled with something plausible. */
const concrete = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => ({ stationId: 'st-02', username: 'sara', sessionId: 'ses_x', id: '1' })[name] ?? 'x');
const adminRoutes = allRoutes.filter((e) => e.route.auth === 'admin').map((e) => e.route);

beforeAll(async () => {
  const started = await startEnrolledCafe([2]);
  cafe = started.cafe;
  station = started.stations[0];
  customer = tokenOf(await loginAt(cafe.url, station, 'ali', 'ali12345'));
  const login = await call(cafe.url, 'POST', '/admin/login', { body: DEMO_STAFF });
  staffBearer = (login.body as { accessToken: string }).accessToken;
}, 60_000);

afterAll(async () => {
  await cafe?.stop();
});

describe('the whole admin route table', () => {
  it('refuses a customer token on every admin route with 403, and writes nothing', async () => {
    const before = cafe.sql.prepare('select count(*) as n from audit_log').get() as { n: number };
    for (const route of adminRoutes) {
      const reply = await call(cafe.url, route.method, concrete(route.path), {
        token: customer,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      expect(reply.status, routeKey(route)).toBe(403);
    }
    const after = cafe.sql.prepare('select count(*) as n from audit_log').get() as { n: number };
    expect(after.n).toBe(before.n);
  });

  it('refuses a request from another origin on every admin route, even with a staff token', async () => {
    for (const route of adminRoutes) {
      const reply = await call(cafe.url, route.method, concrete(route.path), {
        token: staffBearer,
        headers: { origin: 'http://attacker.example' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      expect(reply.status, routeKey(route)).toBe(403);
      expect(messageOf(reply), routeKey(route)).toMatch(/only from the console/);
    }
  });

  it('refuses every state-changing admin route to a console session without its CSRF token', async () => {
    const desk = new ConsoleClient(cafe.url);
    expect((await desk.signIn(DEMO_STAFF.username, DEMO_STAFF.password)).status).toBe(200);
    for (const route of adminRoutes.filter((r) => r.method !== 'GET')) {
      const reply = await desk.call(route, { params: { stationId: 'st-02', username: 'sara', sessionId: 'ses_x', id: '1' }, body: {}, csrf: null });
      expect(reply.status, routeKey(route)).toBe(403);
    }
    // Nothing moved: sara's balance and the stations are as seeded.
    expect((cafe.sql.prepare("select balance from users where username = 'sara'").get() as { balance: number }).balance).toBe(8000);
  });

  it('staff are refused every owner route, and the refusal is audited', async () => {
    const desk = new ConsoleClient(cafe.url);
    await desk.signIn(DEMO_STAFF.username, DEMO_STAFF.password);
    const ownerOnly = adminRoutes.filter((r) => ADMIN_ROUTE_ROLES[routeKey(r)] !== 'staff');
    expect(ownerOnly.length).toBeGreaterThan(5);
    for (const route of ownerOnly) {
      const reply = await desk.call(route, { params: { stationId: 'st-02', username: 'sara', sessionId: 'ses_x', id: '1' }, body: {} });
      expect(reply.status, routeKey(route)).toBe(403);
      expect(messageOf(reply as never), routeKey(route)).toBe('This needs the owner role.');
    }
    const refused = cafe.sql
      .prepare("select count(*) as n from audit_log where staff_username = 'desk' and status_code = 403 and action = 'POST /admin/staff' and detail like '%owner role%'")
      .get() as { n: number };
    expect(refused.n).toBe(1);
  });
});

describe('the console cookie', () => {
  it('is HttpOnly and SameSite=Strict, and never acts as a customer or a station', async () => {
    const desk = new ConsoleClient(cafe.url);
    const login = await desk.signIn(DEMO_STAFF.username, DEMO_STAFF.password);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${CONSOLE_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const cookie = `${CONSOLE_COOKIE}=${desk.cookie}`;
    const profile = await call(cafe.url, 'GET', '/profile', { headers: { cookie } });
    expect(profile.status).toBe(401);
    const beat = await call(cafe.url, 'POST', '/stations/heartbeat', { headers: { cookie }, body: { stationId: 'st-02' } });
    expect(beat.status).toBeGreaterThanOrEqual(400);
  });

  it('a sign-in from another origin is refused (no login CSRF)', async () => {
    const foreign = new ConsoleClient(cafe.url, 'http://attacker.example');
    const reply = await foreign.signIn(DEMO_STAFF.username, DEMO_STAFF.password);
    expect(reply.status).toBe(403);
    expect(foreign.cookie).toBeNull();
  });

  it('sign-in is rate limited', async () => {
    const c = new ConsoleClient(cafe.url);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await c.signIn('nobody', `wrong-${i}`)).status);
    expect(statuses).toContain(429);
  });
});
