/**
 * Two server nodes on one PostgreSQL database (issue 16): work that must
 * happen once happens once — a session is billed exactly once per minute
 * whichever nodes run, and a survivor carries on when one stops — and what the
 * nodes share holds across them: one connection per station, "is it
 * connected" (the operator's list, friends' presence), request budgets, and
 * the adapter's measured lag. node-pg project only: on SQLite there is one node.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptFriend,
  adminStations,
  friendRequests,
  listFriends,
  login as loginRoute,
  myFriendCode,
  oauthCheckEmail,
  oauthQrSession,
  oauthQrStatus,
  sendFriendRequest,
} from '../../src/shared/api/routes.js';
import type { ServerOptions } from '../../src/server/app.js';
import { ManualClock } from '../../src/server/clock/clock.js';
import { freshDatabaseUrl } from '../support/postgres.js';
import {
  adminToken,
  api,
  connectSocket,
  ok,
  settle,
  station,
  stationCredential,
  startServer,
  type StationSocket,
  type TestServer,
} from './support/harness.js';

const MINUTE = 60_000;
let running: TestServer[] = [];

afterEach(async () => {
  await Promise.all(running.map((s) => s.close().catch(() => undefined)));
  running = [];
});

/** Two nodes on one fresh database; with a shared clock when given. */
async function twoNodes(options: Partial<ServerOptions> = {}): Promise<[TestServer, TestServer]> {
  const dbPath = await freshDatabaseUrl();
  const a = await startServer({ dbPath, ...options });
  running.push(a);
  const b = await startServer({ dbPath, ...options });
  running.push(b);
  return [a, b];
}

const query = (n: number) => ({ clientType: 'station', ...station(n), ipAddress: '192.168.1.50', stationName: `PC-0${n}`, userId: '' });

/** Station N's socket on node `on` (the credential is the one the last node started issued: `enrolledBy`). */
async function stationOn(on: TestServer, enrolledBy: TestServer, n: number): Promise<StationSocket> {
  const socket = await connectSocket(on.url, query(n), stationCredential(enrolledBy.url, n));
  await socket.next('stationStatusChanged', undefined, 5000);
  return socket;
}

/** Logs a member in at station N through node `via`. */
function loginAt(via: TestServer, enrolledBy: TestServer, username: string, password: string, n: number) {
  return ok(via.url, loginRoute, { body: { username, password, macAddress: station(n).macAddress }, credential: stationCredential(enrolledBy.url, n) });
}

async function ticksRun(node: TestServer): Promise<number> {
  return (await node.server.metrics.billingTicks.get()).values[0]?.value ?? 0;
}

/** The next balance update, and none besides it once the fabric has settled. */
async function exactlyOneUpdate(socket: StationSocket) {
  const update = await socket.next('sessionBalanceUpdate', undefined, 5000);
  await settle(400);
  expect(socket.received.filter((r) => r.event === 'sessionBalanceUpdate' && !r.taken)).toHaveLength(0);
  return update;
}

describe('work that must happen once happens once', () => {
  it('bills a session exactly once per minute with two nodes, and the survivor goes on without a missed minute', async () => {
    const clock = new ManualClock();
    const [a, b] = await twoNodes({ clock });
    const socket = await stationOn(b, b, 4);
    try {
      const session = await loginAt(b, b, 'sara', 'sara12345', 4);
      await socket.next('sessionStarted', undefined, 5000);
      const rate = (await b.server.db.selectFrom('client_sessions').select('hourly_rate').where('id', '=', session.sessionId).executeTakeFirstOrThrow()).hourly_rate;
      expect(rate).toBeGreaterThan(0);
      const balanceAt = async () =>
        (await b.server.db.selectFrom('users').select('balance').where('username', '=', 'sara').executeTakeFirstOrThrow()).balance;
      const start = await balanceAt();

      for (let minute = 1; minute <= 3; minute++) {
        await clock.advance(MINUTE);
        const update = await exactlyOneUpdate(socket);
        expect(update.sessionId).toBe(session.sessionId);
        expect(start - (await balanceAt())).toBe(Math.floor((rate * minute) / 60));
        expect((await ticksRun(a)) + (await ticksRun(b))).toBe(minute);
      }

      // Node A stops; B's own timer claims the next minutes.
      const bBefore = await ticksRun(b);
      await a.close();
      running = running.filter((s) => s !== a);
      for (let minute = 4; minute <= 6; minute++) {
        await clock.advance(MINUTE);
        await exactlyOneUpdate(socket);
        expect(start - (await balanceAt())).toBe(Math.floor((rate * minute) / 60));
      }
      expect((await ticksRun(b)) - bBefore).toBe(3);
      const row = await b.server.db.selectFrom('client_sessions').selectAll().where('id', '=', session.sessionId).executeTakeFirstOrThrow();
      expect(row.billed_minutes).toBe(6);
      expect(row.amount_charged).toBe(Math.floor((rate * 6) / 60));
    } finally {
      socket.close();
    }
  });

  it('a settle that waited for the row lock bills up to when it got the rows, never back in time', async () => {
    const clock = new ManualClock();
    const [a, b] = await twoNodes({ clock });
    const session = await loginAt(b, b, 'sara', 'sara12345', 4);
    const lastBilled = async () =>
      (await b.server.db.selectFrom('client_sessions').select(['last_billed_at', 'billed_ms']).where('id', '=', session.sessionId).executeTakeFirstOrThrow());
    const before = await lastBilled();
    // Another node holds the session's row (its tick or an end, mid-transaction) while this node's settle starts.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = a.server.db.transaction().execute(async (trx) => {
      await trx.selectFrom('client_sessions').select('id').where('id', '=', session.sessionId).forNoKeyUpdate().execute();
      locked();
      await held;
    });
    await isLocked;
    const settling = b.server.context.sessions.settle(session.sessionId);
    await settle(200);
    // Time goes on while it waits; then the other node lets go.
    await clock.advance(30_000);
    release();
    await holder;
    await settling;
    const after = await lastBilled();
    expect(Date.parse(after.last_billed_at)).toBe(clock.now());
    expect(after.billed_ms - before.billed_ms).toBe(clock.now() - Date.parse(before.last_billed_at));
  });

  it('ends a login held at its gate when the node that started it has stopped', async () => {
    const clock = new ManualClock();
    const [a, b] = await twoNodes({ clock });
    // reset_me must change the password first: the gate's timer is set on node A, which then stops.
    const session = await loginAt(a, b, 'reset_me', 'reset123', 5);
    await a.close();
    running = running.filter((s) => s !== a);
    await clock.advance(3 * MINUTE);
    const row = await b.server.db.selectFrom('client_sessions').select(['ended_at', 'end_reason']).where('id', '=', session.sessionId).executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('gate_timeout');
    expect(row.ended_at).not.toBeNull();
  });
});

describe('state shared across nodes', () => {
  it('refuses a second connection for a station connected to the other node, and lets it move once the first leaves', async () => {
    const [a, b] = await twoNodes();
    const first = await stationOn(a, b, 3);
    await expect(connectSocket(b.url, query(3), stationCredential(b.url, 3))).rejects.toThrow(/already connected/);
    first.close();
    await settle(300);
    const moved = await stationOn(b, b, 3);
    moved.close();
  });

  it('lets a station reconnect through a survivor at once when its node dies, and the stale node lets go', async () => {
    const [a, b] = await twoNodes({ cluster: { sweepMs: 300 } });
    const zombie = await stationOn(a, b, 3);
    let dropped = false;
    zombie.socket.on('disconnect', () => {
      dropped = true;
    });
    // Node A "dies" for the database: its presence connection ends (a kill -9 closes it the same way).
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`spawnpoint:${a.server.coordination.instance}`}`.execute(b.server.db);
    await settle(100);
    const moved = await stationOn(b, b, 3);
    try {
      // A comes back to the database, finds the station taken and drops its old socket.
      for (let i = 0; i < 50 && !dropped; i++) await settle(100);
      expect(dropped).toBe(true);
      expect(await b.server.context.events.isConnected('st-03')).toBe(true);
    } finally {
      moved.close();
      zombie.close();
    }
  });

  it("shows a station online on every node, and a friend online to friends reading through the other node", async () => {
    const [a, b] = await twoNodes();
    const saraStation = await stationOn(a, b, 7);
    try {
      const token = await adminToken(b.url);
      const listed = await ok(b.url, adminStations, { token });
      expect(listed.find((s) => s.id === 'st-07')?.online).toBe(true);
      expect(listed.find((s) => s.id === 'st-08')?.online).toBe(false);

      const sara = await loginAt(b, b, 'sara', 'sara12345', 7);
      const ali = await loginAt(b, b, 'ali', 'ali12345', 8);
      const { friendCode } = await ok(a.url, myFriendCode, { token: sara.accessToken });
      await ok(b.url, sendFriendRequest, { body: { friendCode }, token: ali.accessToken });
      const [request] = await ok(a.url, friendRequests, { token: sara.accessToken });
      await ok(a.url, acceptFriend, { params: { id: request!.id }, token: sara.accessToken });
      // Sara's station socket is on node A; Ali asks node B.
      const friends = await ok(b.url, listFriends, { token: ali.accessToken });
      expect(friends.find((f) => f.username === 'sara')?.status).toBe('online');
    } finally {
      saraStation.close();
    }
  });

  it("tells friends a customer went offline when the station's socket leaves another node than the one that said online", async () => {
    const [a, b] = await twoNodes();
    const saraStation = await stationOn(a, b, 7);
    const aliStation = await stationOn(b, b, 8);
    try {
      const ali = await loginAt(b, b, 'ali', 'ali12345', 8);
      const { friendCode } = await ok(b.url, myFriendCode, { token: ali.accessToken });
      // Sara makes friends from st-06 (no socket there: offline to friends)...
      const sara = await loginAt(b, b, 'sara', 'sara12345', 6);
      await ok(b.url, sendFriendRequest, { body: { friendCode }, token: sara.accessToken });
      const [request] = await ok(b.url, friendRequests, { token: ali.accessToken });
      await ok(b.url, acceptFriend, { params: { id: request!.id }, token: ali.accessToken });
      // ...then moves to st-07, whose socket is on node A, logging in through node B: B tells Ali she is online.
      await loginAt(b, b, 'sara', 'sara12345', 7);
      await aliStation.next('friendOnline', (p) => p.username === 'sara', 5000);
      expect(aliStation.count('friendOffline')).toBe(0);
      // Her station's socket, on node A, goes: A must know what B told Ali.
      saraStation.close();
      expect(await aliStation.next('friendOffline', (p) => p.username === 'sara', 5000)).toMatchObject({ status: 'offline' });
    } finally {
      saraStation.close();
      aliStation.close();
    }
  });

  it('counts request budgets once for the cafe: tries spread over two nodes share one budget', async () => {
    const [a, b] = await twoNodes({ loginRateLimit: { max: 3, windowMs: MINUTE } });
    const attempt = (node: TestServer) =>
      api(node.url, 'POST', loginRoute.path, { body: { username: 'sara', password: 'wrong-password', macAddress: station(2).macAddress }, credential: stationCredential(b.url, 2) });
    // Five at once, over both nodes: three wrong passwords are answered, the rest are over the budget.
    const statuses = (await Promise.all([a, b, a, b, a].map(attempt))).map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  });

  it('measures the realtime adapter lag between the nodes (spawnpoint_adapter_lag_seconds)', async () => {
    const [a, b] = await twoNodes({ cluster: { lagProbeMs: 100 } });
    const count = async (node: TestServer) => {
      const { body } = await node.server.metrics.exposition();
      const line = body.split('\n').find((l) => l.startsWith('spawnpoint_adapter_lag_seconds_count'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    for (let i = 0; i < 50 && ((await count(a)) < 3 || (await count(b)) < 3); i++) await settle(100);
    expect(await count(a)).toBeGreaterThanOrEqual(3);
    expect(await count(b)).toBeGreaterThanOrEqual(3);
    const { body } = await a.server.metrics.exposition();
    const sum = Number(body.split('\n').find((l) => l.startsWith('spawnpoint_adapter_lag_seconds_sum'))?.split(' ').pop());
    // Real seconds, not milliseconds: on one machine LISTEN/NOTIFY takes well under a second.
    expect(sum / (await count(a))).toBeLessThan(1);
  });

  it('a QR login works whichever node each step reaches: the station on A, the phone on B, the email check on A', async () => {
    const [a, b] = await twoNodes({ devOAuth: true });
    const credential = stationCredential(b.url, 1);
    const session = await ok(a.url, oauthQrSession, { params: { provider: 'google' }, credential });
    // The phone's sign-in page and form, through the other node (the proxy may send it anywhere).
    const onB = new URL(session.authUrl);
    const page = await fetch(`${b.url}${onB.pathname}${onB.search}`);
    expect(page.status).toBe(200);
    const form = new URLSearchParams({ session: session.sessionId, provider: 'google', name: 'Ali', email: 'ali@example.com' });
    expect((await fetch(`${b.url}${onB.pathname}`, { method: 'POST', body: form })).status).toBe(200);
    // The station's poll reaches A: completed, once — the next poll, on B, sees it handed over.
    const status = await ok(a.url, oauthQrStatus, { params: { sessionId: session.sessionId }, credential });
    expect(status).toMatchObject({ status: 'completed', userData: { email: 'ali@example.com' } });
    expect((await ok(b.url, oauthQrStatus, { params: { sessionId: session.sessionId }, credential })).status).toBe('expired');
    // The same verified sign-in logs in once, on whichever node: two checks at once on A and B, one login.
    const check = (node: TestServer) =>
      api(node.url, 'POST', oauthCheckEmail.path, {
        body: { email: 'ali@example.com', provider: 'google', suggestedUsername: 'x', macAddress: station(1).macAddress, sessionId: session.sessionId },
        credential,
      });
    const answers = await Promise.all([check(a), check(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});
