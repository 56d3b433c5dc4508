/**
 * The operator console's server side (issue 15): sign-in with a cookie session
 * and TOTP, CSRF and Origin on every state-changing call, roles (deny by
 * default), the audit log, customers' ledger, shifts, the live room and receipts.
 */
import { io as connectIo, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import {
  adminStations,
  allRoutes,
  auditLog,
  closeShift,
  consoleLogin,
  consoleLogout,
  consoleReceipts,
  consoleRoom,
  consoleSession,
  createStaffAccount,
  currentShift,
  customerDetail,
  customerFreeTime,
  customerRefund,
  customerSearch,
  customerTopUp,
  openShift,
  routeKey,
  totpConfirm,
  totpSetup,
  staffSetupCode,
  adminUnlockGuest,
  adminCommand,
  adminLogin,
  createHold,
  consoleToday,
  holdList,
  type Receipt,
  type RoomStation,
} from '../../src/shared/api/routes.js';
import { ADMIN_ROUTE_ROLES } from '../../src/shared/api/permissions.js';
import { STAFF_NAMESPACE } from '../../src/shared/socket/staff-events.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { CSRF_MISSING, ENROL_FIRST, FOREIGN_ORIGIN, OWNER_ONLY } from '../../src/server/authority/admin-gate.js';
import { WRONG_CODE } from '../../src/server/authority/sign-in.js';
import { CONSOLE_IDLE_MS } from '../../src/server/authority/console-sessions.js';
import { ConsoleClient, deskConsole, ownerConsole, totpNow } from '../support/console-client.js';
import { generateSync } from 'otplib';
import { adminToken, connectStation, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

const owner = () => ownerConsole(t.url, t.clock.now());

const desk = () => deskConsole(t.url);

describe('permissions table', () => {
  it('names every admin route (a new one forces a decision: staff or owner)', () => {
    const admin = allRoutes.filter((e) => e.route.auth === 'admin').map((e) => routeKey(e.route));
    expect(admin.filter((key) => !(key in ADMIN_ROUTE_ROLES))).toEqual([]);
    expect(Object.keys(ADMIN_ROUTE_ROLES).filter((key) => !admin.includes(key))).toEqual([]);
  });
});

describe('console sign-in', () => {
  it('asks an owner with TOTP for the code, refuses a wrong one, and signs in with the right one', async () => {
    const c = new ConsoleClient(t.url);
    const first = await c.signIn(DEMO_OWNER.username, DEMO_OWNER.password);
    expect(first.body).toEqual({ status: 'totp_required' });
    expect(c.cookie).toBeNull();
    const wrong = await c.signIn(DEMO_OWNER.username, DEMO_OWNER.password, '000000');
    expect(wrong.status).toBe(401);
    expect((wrong.body as { message: string }).message).toBe(WRONG_CODE);
    const code = totpNow(undefined, t.clock.now());
    const right = await c.signIn(DEMO_OWNER.username, DEMO_OWNER.password, code);
    expect(right.status).toBe(200);
    const setCookie = right.headers.getSetCookie().join(';');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const me = consoleSession.response.parse((await c.call(consoleSession)).body);
    expect(me.user).toMatchObject({ username: 'owner', role: 'owner', totpEnabled: true });
    expect(me.mustEnrolTotp).toBe(false);
    // The same code is good once.
    const again = await new ConsoleClient(t.url).signIn(DEMO_OWNER.username, DEMO_OWNER.password, code);
    expect(again.status).toBe(401);
  });

  it('the bearer login of an owner with TOTP needs the code too', async () => {
    const res = await fetch(`${t.url}${adminLogin.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_OWNER.username, password: DEMO_OWNER.password }),
    });
    expect(res.status).toBe(401);
    const token = await ok(t.url, adminLogin, {
      body: { username: DEMO_OWNER.username, password: DEMO_OWNER.password, totp: totpNow(undefined, t.clock.now()) },
    });
    expect(token.accessToken).toBeTruthy();
  });

  it('refuses a customer, and a customer token on a console route', async () => {
    const c = new ConsoleClient(t.url);
    expect((await c.signIn('ali', 'ali12345')).status).toBe(403);
  });

  it('an owner without TOTP may only enrol one (with another owner’s one-time code), then may do everything', async () => {
    const o = await owner();
    expect((await o.call(createStaffAccount, { body: { username: 'newowner', password: 'new-owner-pass', role: 'owner' } })).status).toBe(200);
    const c = new ConsoleClient(t.url);
    expect((await c.signIn('newowner', 'new-owner-pass')).status).toBe(200);
    const me = consoleSession.response.parse((await c.call(consoleSession)).body);
    expect(me.mustEnrolTotp).toBe(true);
    const blocked = await c.call(adminStations);
    expect(blocked.status).toBe(403);
    expect((blocked.body as { message: string }).message).toBe(ENROL_FIRST);
    // The password alone does not enrol an owner's authenticator.
    expect((await c.call(totpSetup, { body: {} })).status).toBe(403);
    const issued = staffSetupCode.response.parse((await o.call(staffSetupCode, { params: { username: 'newowner' } })).body);
    const setup = totpSetup.response.parse((await c.call(totpSetup, { body: { setupCode: issued.code } })).body);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const code = generateSync({ secret: setup.secret, epoch: Math.floor(t.clock.now() / 1000) });
    expect((await c.call(totpConfirm, { body: { code } })).status).toBe(200);
    expect((await c.call(adminStations)).status).toBe(200);
    // Next sign-in needs the code.
    expect((await new ConsoleClient(t.url).signIn('newowner', 'new-owner-pass')).body).toEqual({ status: 'totp_required' });
  });

  it('a session ends on logout and after 30 idle minutes', async () => {
    const c = await desk();
    expect((await c.call(consoleRoom)).status).toBe(200);
    await t.clock.advance(CONSOLE_IDLE_MS - 1000);
    expect((await c.call(consoleRoom)).status).toBe(200);
    await t.clock.advance(CONSOLE_IDLE_MS + 1000);
    expect((await c.call(consoleRoom)).status).toBe(401);
    const d = await desk();
    expect((await d.call(consoleLogout)).status).toBe(200);
    expect(d.cookie).toBeNull();
  });

  it('a console cookie never acts as a customer (user routes want a bearer token)', async () => {
    const c = await desk();
    const profile = await c.call({ method: 'GET', path: '/profile' });
    expect(profile.status).toBe(401);
  });
});

describe('CSRF and Origin', () => {
  it('a state-changing call without the CSRF token, or with a wrong one, is refused', async () => {
    const c = await desk();
    const none = await c.call(openShift, { body: { openingFloat: 1000 }, csrf: null });
    expect(none.status).toBe(403);
    expect((none.body as { message: string }).message).toBe(CSRF_MISSING);
    expect((await c.call(openShift, { body: { openingFloat: 1000 }, csrf: 'x'.repeat(32) })).status).toBe(403);
    expect((await c.call(currentShift)).body).toEqual({ shift: null });
    expect((await c.call(openShift, { body: { openingFloat: 1000 } })).status).toBe(200);
  });

  it('a call from another origin is refused, with a cookie or a bearer token', async () => {
    const c = await desk();
    const foreign = await c.call(openShift, { body: { openingFloat: 1000 }, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((foreign.body as { message: string }).message).toBe(FOREIGN_ORIGIN);
    const res = await fetch(`${t.url}/admin/stations`, { headers: { authorization: `Bearer ${await adminBearer()}`, origin: 'http://127.0.0.1:1' } });
    expect(res.status).toBe(403);
    const login = await new ConsoleClient(t.url, 'http://evil.example').signIn(DEMO_STAFF.username, DEMO_STAFF.password);
    expect(login.status).toBe(403);
  });
});

function adminBearer(): Promise<string> {
  return adminToken(t.url);
}

describe('roles', () => {
  it('staff do the shift’s work but not the owner’s', async () => {
    const c = await desk();
    expect((await c.call(customerSearch, { query: 'q=ali' })).status).toBe(200);
    const refund = await c.call(customerRefund, { params: { username: 'ali' }, body: { amount: 100, reason: 'test' } });
    expect(refund.status).toBe(403);
    expect((refund.body as { message: string }).message).toBe(OWNER_ONLY);
    expect((await c.call(auditLog)).status).toBe(403);
    expect((await c.call(createStaffAccount, { body: { username: 'mallory', password: 'password1', role: 'owner' } })).status).toBe(403);
    const o = await owner();
    expect((await o.call(customerRefund, { params: { username: 'ali' }, body: { amount: 100, reason: 'test' } })).status).toBe(200);
  });

  it('every staff action is in the audit log, refusals too, with who, role, station and customer', async () => {
    const c = await desk();
    await c.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 5000, method: 'cash', note: 'at the desk' } });
    await c.call(customerRefund, { params: { username: 'sara' }, body: { amount: 1, reason: 'try' } });
    await c.call(adminCommand, { params: { stationId: 'st-03' }, body: { command: 'RESTART' } });
    const o = await owner();
    const log = auditLog.response.parse((await o.call(auditLog, { query: 'staff=desk' })).body);
    const actions = log.map((e) => `${e.action} ${e.statusCode}`);
    expect(actions).toContain('POST /admin/customers/:username/top-up 200');
    expect(actions).toContain('POST /admin/customers/:username/refund 403');
    expect(actions).toContain('POST /admin/stations/:stationId/command 200');
    expect(actions).toContain('console.login 200');
    const topUp = log.find((e) => e.action.endsWith('/top-up'));
    expect(topUp).toMatchObject({ staff: 'desk', role: 'staff', via: 'console', customer: 'sara' });
    const byStation = auditLog.response.parse((await o.call(auditLog, { query: 'station=st-03' })).body);
    expect(byStation.map((e) => e.action)).toEqual(['POST /admin/stations/:stationId/command']);
    // Passwords never reach the log.
    await o.call(createStaffAccount, { body: { username: 'night', password: 'nightshift1', role: 'staff' } });
    const all = auditLog.response.parse((await o.call(auditLog)).body);
    expect(JSON.stringify(all)).not.toContain('nightshift1');
  });
});

describe('customers and shifts', () => {
  it('a top-up is a ledger line with its method, and the shift report counts it', async () => {
    const c = await desk();
    expect((await c.call(openShift, { body: { openingFloat: 20_000 } })).status).toBe(200);
    expect((await c.call(openShift, { body: { openingFloat: 1 } })).status).toBe(409);
    const topUp = customerTopUp.response.parse(
      (await c.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 5000, method: 'cash', note: 'first hour' } })).body,
    );
    expect(topUp.balance).toBe(13_000);
    await c.call(customerTopUp, { params: { username: 'ali' }, body: { amount: 2000, method: 'card' } });
    const detail = customerDetail.response.parse((await c.call(customerDetail, { params: { username: 'sara' } })).body);
    expect(detail.ledger[0]).toMatchObject({ amount: 5000, kind: 'top_up', paymentMethod: 'cash', staff: 'desk' });
    const o = await owner();
    await o.call(customerRefund, { params: { username: 'ali' }, body: { amount: 500, reason: 'PC crashed' } });
    const report = closeShift.response.parse((await c.call(closeShift, { body: { countedCash: 24_000 } })).body);
    expect(report.topUps).toEqual({ cash: 5000, card: 2000, count: 2 });
    expect(report.refunds).toEqual({ total: 500, count: 1 });
    expect(report.expectedCash).toBe(20_000 + 5000 - 500);
    expect(report.difference).toBe(24_000 - 24_500);
  });

  it('free time (owner) goes to the free balance with its ledger line; staff are refused', async () => {
    const c = await desk();
    expect((await c.call(customerFreeTime, { params: { username: 'sara' }, body: { amount: 1500, reason: 'birthday' } })).status).toBe(403);
    const o = await owner();
    const given = customerFreeTime.response.parse(
      (await o.call(customerFreeTime, { params: { username: 'sara' }, body: { amount: 1500, reason: 'birthday' } })).body,
    );
    expect(given.freeBalance).toBe(1500);
    const detail = customerDetail.response.parse((await o.call(customerDetail, { params: { username: 'sara' } })).body);
    expect(detail.customer).toMatchObject({ balance: 8000, freeBalance: 1500 });
    expect(detail.ledger[0]).toMatchObject({ amount: 1500, kind: 'free_time', reason: 'free time: birthday', staff: 'owner' });
  });

  it('finds a customer by email or phone', async () => {
    const c = await desk();
    const byEmail = customerSearch.response.parse((await c.call(customerSearch, { query: 'q=ali%40example' })).body);
    expect(byEmail.map((u) => u.username)).toEqual(['ali']);
    const byPhone = customerSearch.response.parse((await c.call(customerSearch, { query: 'q=7701234' })).body);
    expect(byPhone.map((u) => u.username)).toEqual(['ali']);
  });
});

describe('the room, live', () => {
  it('pushes the room on connect and a change within a second; unlock receipts read done on the station’s ack', async () => {
    const c = await desk();
    const socket: Socket = connectIo(`${t.url}${STAFF_NAMESPACE}`, {
      transports: ['websocket'],
      extraHeaders: { cookie: `sp_console=${c.cookie}` },
    });
    const rooms: RoomStation[][] = [];
    const receipts: Receipt[] = [];
    socket.on('roomUpdated', (room: RoomStation[]) => rooms.push(room));
    socket.on('commandReceipt', (r: Receipt) => receipts.push(r));
    try {
      await waitFor(() => rooms.length > 0);
      expect(rooms[0]?.find((s) => s.id === 'st-02')?.status).toBe('available');
      const station = await connectStation(t.url, 2);
      const unlocked = await c.call(adminUnlockGuest, { params: { stationId: 'st-02' }, body: {} });
      expect(unlocked.status).toBe(200);
      await waitFor(() => rooms.some((room) => room.find((s) => s.id === 'st-02')?.currentSession?.isGuest === true));
      await waitFor(() => receipts.some((r) => r.state === 'delivered'));
      const guest = await station.next('guestUnlocked');
      station.socket.emit('station_unlock_ack', {
        sessionId: (guest as { sessionId: string }).sessionId,
        success: true,
        stationId: 'st-02',
        macAddress: '02:53:50:00:00:02',
        timestamp: new Date().toISOString(),
      });
      await waitFor(() => receipts.some((r) => r.state === 'done' && r.stationId === 'st-02'));
      // A command to a station that is not connected says so.
      await c.call(adminCommand, { params: { stationId: 'st-05' }, body: { command: 'RESTART' } });
      await waitFor(() => receipts.some((r) => r.stationId === 'st-05' && r.state === 'failed'));
      const listed = consoleReceipts.response.parse((await c.call(consoleReceipts)).body);
      expect(listed.find((r) => r.stationId === 'st-05')?.reason).toMatch(/^offline/);
      station.close();
    } finally {
      socket.close();
    }
  });

  it('refuses a staff socket with no credential', async () => {
    const socket: Socket = connectIo(`${t.url}${STAFF_NAMESPACE}`, { transports: ['websocket'] });
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    socket.close();
    expect(error.message).toMatch(/token/);
  });
});

describe('the day at a glance', () => {
  it('counts top-ups by method, stations in use and the busy hours', async () => {
    const c = await desk();
    await c.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 3000, method: 'card' } });
    const station = await connectStation(t.url, 6); // a guest unlock goes only to a connected station (issue 23)
    expect((await c.call(adminUnlockGuest, { params: { stationId: 'st-06' }, body: {} })).status).toBe(200);
    station.close();
    const today = consoleToday.response.parse((await c.call(consoleToday)).body);
    expect(today.revenue.topUpsCard).toBe(3000);
    expect(today.stationsInUse).toBe(1);
    expect(today.stations).toBe(8);
    expect(today.occupancy).toHaveLength(24);
    expect(Math.max(...today.occupancy)).toBe(Math.round(100 / 8));
  });
});

describe('holds', () => {
  it('turn two stations reserved for their window and release them at its end', async () => {
    const c = await desk();
    const start = new Date(t.clock.now()).toISOString();
    const end = new Date(t.clock.now() + 60 * 60_000).toISOString();
    const made = await c.call(createHold, { body: { stationIds: ['st-03', 'st-04'], label: 'Valorant cup', startsAt: start, endsAt: end } });
    expect(made.status).toBe(200);
    const status = async (id: string) => (await ok(t.url, adminStations, { token: await adminBearer() })).find((s) => s.id === id)?.status;
    expect(await status('st-03')).toBe('reserved');
    expect(await status('st-04')).toBe('reserved');
    const overlap = await c.call(createHold, { body: { stationIds: ['st-04'], label: 'again', startsAt: start, endsAt: end } });
    expect(overlap.status).toBe(409);
    await t.clock.advance(60 * 60_000);
    // The room's next tick (one a second, claimed on PostgreSQL) releases them: wait for it, not for a fixed time.
    for (let waited = 0; waited < 10_000 && (await status('st-03')) !== 'available'; waited += 200) await new Promise((r) => setTimeout(r, 200));
    expect(await status('st-03')).toBe('available');
    expect(await status('st-04')).toBe('available');
    // An hour later the console session is over (30 idle minutes): sign in again.
    const later = await desk();
    const listed = await later.call(holdList);
    expect(listed.body).toEqual(expect.any(Array));
    const holds = holdList.response.parse(listed.body);
    expect(holds.map((h) => h.state)).toEqual(['released', 'released']);
  });

  it("follow the customer's tier: a tier without reservations is refused", async () => {
    const c = await desk();
    const start = new Date(t.clock.now()).toISOString();
    const end = new Date(t.clock.now() + 60 * 60_000).toISOString();
    const reply = await c.call(createHold, { body: { stationIds: ['st-05'], customer: 'sara', label: 'sara', startsAt: start, endsAt: end } });
    expect(reply.status).toBe(400);
    expect((reply.body as { message: string }).message).toMatch(/cannot reserve/);
  });
});

describe('races at the desk (PostgreSQL runs them truly in parallel)', () => {
  it('four shifts opened at once: one opens, the others are told one is open', async () => {
    const c = await desk();
    const replies = await Promise.all([1, 2, 3, 4].map((n) => c.call(openShift, { body: { openingFloat: n } })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await t.server.db.selectFrom('shifts').select('id').where('closed_at', 'is', null).execute()).toHaveLength(1);
  });

  it('overlapping holds on one station sent at once: one is made, the others are refused', async () => {
    const c = await desk();
    const start = new Date(t.clock.now() + 60 * 60_000).toISOString();
    const end = new Date(t.clock.now() + 2 * 60 * 60_000).toISOString();
    const hold = (stationIds: string[]) => c.call(createHold, { body: { stationIds, label: 'cup', startsAt: start, endsAt: end } });
    const replies = await Promise.all([hold(['st-03']), hold(['st-04', 'st-03']), hold(['st-03', 'st-04']), hold(['st-03'])]);
    expect(replies.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    expect(replies.map((r) => r.status).filter((s) => s === 409)).toHaveLength(3);
    const live = await t.server.db.selectFrom('station_holds').select('station_id').where('released_at', 'is', null).execute();
    expect(live.filter((h) => h.station_id === 'st-03')).toHaveLength(1);
  });
});

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await settle(50);
  }
}

it('consoleLogin is declared open (a sign-in), everything else of the console needs staff', () => {
  expect(consoleLogin.auth).toBe('none');
  expect(consoleRoom.auth).toBe('admin');
});
