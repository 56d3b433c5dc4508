/**
 * Two server nodes on one PostgreSQL database share one realtime fabric (the
 * postgres adapter): what staff do on node B reaches the station connected to
 * node A, in one test process and across two `npm run server` processes; and
 * a staff member disabled or signed out on node B loses their /staff sockets on
 * node A (it fails when the channel closes only its own node's sockets).
 * node-pg project only: on SQLite there is one node.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectIo, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCommand,
  adminUnlockGuest,
  consoleLogout,
  myFriendCode,
  sendFriendRequest,
  staffDisable,
  staffEnable,
} from '../../src/shared/api/routes.js';
import { STAFF_NAMESPACE } from '../../src/shared/socket/staff-events.js';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { ConsoleClient, deskConsole, ownerConsole } from '../support/console-client.js';
import { openEventsSocket } from '../support/events-socket.js';
import { freshDatabaseUrl } from '../support/postgres.js';
import * as processes from '../support/processes.js';
import { adminToken, connectSocket, deskToken, login, ok, settle, startServer, station, stationCredential, StationSocket, type TestServer } from './support/harness.js';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const dbPath = await freshDatabaseUrl();
  a = await startServer({ dbPath });
  b = await startServer({ dbPath });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** Station N connected to node `on` (with its current credential: the last node started enrolled it). */
async function stationOn(on: TestServer, n: number): Promise<StationSocket> {
  const query = { clientType: 'station', ...station(n), ipAddress: '192.168.1.50', stationName: `PC-0${n}`, userId: '' };
  const socket = await connectSocket(on.url, query, stationCredential(b.url, n));
  await socket.next('stationStatusChanged');
  return socket;
}

describe('realtime across two nodes', () => {
  it('an unlock-guest sent to node B unlocks the station connected to node A', async () => {
    const socket = await stationOn(a, 4);
    try {
      const answer = await ok(b.url, adminUnlockGuest, { params: { stationId: 'st-04' }, body: { minutes: 30 }, token: await adminToken(b.url) });
      const unlocked = await socket.next('guestUnlocked', undefined, 5000);
      expect(unlocked).toMatchObject({ sessionId: answer.sessionId, stationId: 'st-04', remainingMinutes: 30 });
      expect(await socket.next('stationStatusChanged', undefined, 5000)).toMatchObject({ stationId: 'st-04', status: 'in_use' });
    } finally {
      socket.close();
    }
  });

  it('and the other way round: node A reaches a station on node B', async () => {
    const socket = await stationOn(b, 5);
    try {
      const sent = await ok(a.url, adminCommand, { params: { stationId: 'st-05' }, body: { command: 'RESTART_PC' }, token: await adminToken(a.url) });
      expect(await socket.next('stationCommand', undefined, 5000)).toMatchObject({ command: 'RESTART_PC', timestamp: sent.timestamp });
    } finally {
      socket.close();
    }
  });

  it("an event to a person (emitToUser) reaches the friend's station connected to the other node", async () => {
    // Sara plays at st-07, whose socket is on node A; Ali (st-08) sends his request through node B.
    const saraStation = await stationOn(a, 7);
    const aliStation = await stationOn(b, 8);
    try {
      const sara = await login(b.url, 'sara', 'sara12345', 7);
      await saraStation.next('sessionStarted', undefined, 5000);
      const ali = await login(b.url, 'ali', 'ali12345', 8);
      const { friendCode } = await ok(a.url, myFriendCode, { token: sara.accessToken });
      await ok(b.url, sendFriendRequest, { body: { friendCode }, token: ali.accessToken });
      expect(await saraStation.next('friendRequestReceived', undefined, 5000)).toMatchObject({ userId: ali.user.id, username: 'ali' });
      expect(aliStation.count('friendRequestReceived')).toBe(0);
    } finally {
      saraStation.close();
      aliStation.close();
    }
  });
});

/** A /staff socket on node `on`, admitted (it has had the room once); `closed` is the reason it was closed for. */
async function staffSocketOn(on: TestServer, auth: { cookie: string } | { token: string }) {
  const socket: Socket = connectIo(`${on.url}${STAFF_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    ...('cookie' in auth ? { extraHeaders: { cookie: `sp_console=${auth.cookie}` } } : { auth: { token: auth.token } }),
  });
  const watcher = { socket, rooms: 0, closed: null as string | null };
  socket.on('roomUpdated', () => watcher.rooms++);
  socket.on('disconnect', (reason) => (watcher.closed = reason));
  await until(() => watcher.rooms > 0);
  return watcher;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await settle(50);
  }
}

/** The sockets of this account on node `on` (the channel puts each in its account's room). */
async function staffSocketsOf(on: TestServer, username: string) {
  const { id } = await on.server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return [...on.server.io.of(STAFF_NAMESPACE).sockets.values()].filter((s) => s.rooms.has(`staff-user:${id}`));
}

describe('the staff channel across two nodes: power taken away on one node closes the sockets on the other', () => {
  it("disabling a staff member on node B closes their console and bearer sockets on node A; signing out on B closes that session's socket on A", async () => {
    const owner = await ownerConsole(b.url, b.clock.now());
    const desk = await deskConsole(a.url);
    const other = await deskConsole(a.url);
    const accessToken = await deskToken(a.url);
    const consoleSocket = await staffSocketOn(a, { cookie: desk.cookie! });
    const otherSocket = await staffSocketOn(a, { cookie: other.cookie! });
    const bearerSocket = await staffSocketOn(a, { token: accessToken });
    try {
      expect(await staffSocketsOf(a, DEMO_STAFF.username)).toHaveLength(3);
      expect(await staffSocketsOf(b, DEMO_STAFF.username)).toEqual([]);

      // Signed out through node B: that session's socket on node A closes, the member's other session stays.
      const signOut = new ConsoleClient(b.url);
      signOut.cookie = desk.cookie;
      signOut.csrf = desk.csrf;
      expect((await signOut.call(consoleLogout)).status).toBe(200);
      await until(() => consoleSocket.closed !== null);
      expect(consoleSocket.closed).toBe('io server disconnect');
      expect(otherSocket.socket.connected).toBe(true);
      expect(await staffSocketsOf(a, DEMO_STAFF.username)).toHaveLength(2);

      // Disabled by the owner on node B: every socket of the account on node A closes.
      expect((await owner.call(staffDisable, { params: { username: DEMO_STAFF.username }, body: { reason: 'left' } })).status).toBe(200);
      await until(() => otherSocket.closed !== null && bearerSocket.closed !== null);
      expect(otherSocket.closed).toBe('io server disconnect');
      expect(bearerSocket.closed).toBe('io server disconnect');
      expect(await staffSocketsOf(a, DEMO_STAFF.username)).toEqual([]);
    } finally {
      for (const w of [consoleSocket, otherSocket, bearerSocket]) w.socket.close();
      await owner.call(staffEnable, { params: { username: DEMO_STAFF.username } });
    }
  });
});

describe('realtime across two server processes', () => {
  it('a command sent to one `npm run server` process reaches the station connected to the other', async () => {
    const dbPath = await freshDatabaseUrl();
    // The nodes of one cafe share their secrets (jwt-secret, secret.key): one data folder.
    const env = { SPAWNPOINT_DATA_DIR: mkdtempSync(join(tmpdir(), 'spawnpoint-nodes-')) };
    const first = await processes.startServer({ dbPath, env });
    const second = await processes.startServer({ dbPath, env }).catch(async (error: unknown) => {
      await first.stop();
      throw error;
    });
    try {
      const query = { clientType: 'station', ...station(6), ipAddress: '192.168.1.50', stationName: 'PC-06', userId: '' };
      const credential = await processes.stationCredential(second.url, 6);
      const socket = await openEventsSocket(first.url, query, credential, (s) => new StationSocket(s));
      try {
        await socket.next('stationStatusChanged', undefined, 5000);
        const token = await processes.adminToken(second.url);
        const sent = await ok(second.url, adminCommand, { params: { stationId: 'st-06' }, body: { command: 'SHUTDOWN_PC' }, token });
        expect(await socket.next('stationCommand', undefined, 5000)).toMatchObject({ command: 'SHUTDOWN_PC', stationId: 'st-06', timestamp: sent.timestamp });
      } finally {
        socket.close();
      }
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      rmSync(env.SPAWNPOINT_DATA_DIR, { recursive: true, force: true });
    }
  }, 60_000);
});
