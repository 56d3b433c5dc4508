/**
 * The staff channel's admission is not forever (issue 21): a /staff socket of a staff member who is disabled, whose
 * password or authenticator is reset, or whose console session is signed out is closed at once, and cannot come back
 * with what it held. (The channel takes no events from its clients: a closed socket is all the power it had.)
 * Each attack ran against the old code: the socket stayed connected and kept receiving the room.
 */
import { io as connectIo, type Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import {
  consoleLogout,
  consoleSession,
  staffDisable,
  staffEnable,
  staffResetPassword,
  staffResetTotp,
} from '../../src/shared/api/routes.js';
import { STAFF_NAMESPACE } from '../../src/shared/socket/staff-events.js';
import { CONSOLE_IDLE_MS } from '../../src/server/authority/console-sessions.js';
import { STAFF_TOKEN_LIFETIME_MS } from '../../src/server/authority/tokens.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { deskToken, settle } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

const owner = () => ownerConsole(t.url, t.clock.now());

const desk = () => deskConsole(t.url);

interface Watcher {
  socket: Socket;
  rooms: number;
  closed: string | null;
}

/** A /staff socket, connected and admitted (it has had the room once). */
async function watch(auth: { cookie: string } | { token: string }): Promise<Watcher> {
  const socket: Socket = connectIo(`${t.url}${STAFF_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    ...('cookie' in auth ? { extraHeaders: { cookie: `sp_console=${auth.cookie}` } } : { auth: { token: auth.token } }),
  });
  const watcher: Watcher = { socket, rooms: 0, closed: null };
  socket.on('roomUpdated', () => watcher.rooms++);
  socket.on('disconnect', (reason) => (watcher.closed = reason));
  await waitFor(() => watcher.rooms > 0);
  return watcher;
}

/** Whether a new socket with the same credential is refused (connect_error) rather than admitted. */
async function refusedAgain(auth: { cookie: string } | { token: string }): Promise<string> {
  const socket: Socket = connectIo(`${t.url}${STAFF_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    ...('cookie' in auth ? { extraHeaders: { cookie: `sp_console=${auth.cookie}` } } : { auth: { token: auth.token } }),
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.on('connect_error', (error) => resolve(error.message));
      socket.on('connect', () => reject(new Error('admitted again')));
    });
  } finally {
    socket.close();
  }
}

describe('a staff member whose power is taken away loses the live channel at once', () => {
  it("disabled: their console socket is closed by the server, none of the account's sockets is left on the channel, and it cannot reconnect", async () => {
    const o = await owner();
    const d = await desk();
    const w = await watch({ cookie: d.cookie! });
    const deskId = (await t.server.db.selectFrom('users').select('id').where('username', '=', DEMO_STAFF.username).executeTakeFirstOrThrow()).id;
    try {
      expect((await o.call(staffDisable, { params: { username: DEMO_STAFF.username }, body: { reason: 'left' } })).status).toBe(200);
      await waitFor(() => w.closed !== null);
      expect(w.closed).toBe('io server disconnect');
      // Nothing of that account is left on the channel to hear the room.
      expect([...t.server.io.of(STAFF_NAMESPACE).sockets.values()].filter((s) => s.rooms.has(`staff-user:${deskId}`))).toEqual([]);
      expect(await refusedAgain({ cookie: d.cookie! })).toMatch(/sign in again|disabled/i);
    } finally {
      w.socket.close();
      await o.call(staffEnable, { params: { username: DEMO_STAFF.username } });
    }
  });

  it('disabled: a bearer-token socket (CLI, scripts) is closed too', async () => {
    const o = await owner();
    const accessToken = await deskToken(t.url);
    const w = await watch({ token: accessToken });
    try {
      expect((await o.call(staffDisable, { params: { username: DEMO_STAFF.username }, body: { reason: 'left' } })).status).toBe(200);
      await waitFor(() => w.closed !== null);
      expect(w.closed).toBe('io server disconnect');
      expect(await refusedAgain({ token: accessToken })).toMatch(/disabled|sign in again/i);
    } finally {
      w.socket.close();
      await o.call(staffEnable, { params: { username: DEMO_STAFF.username } });
    }
  });

  it('signed out: the sockets of that console session close; another session of the same member stays', async () => {
    const d = await desk();
    const other = await desk();
    const w = await watch({ cookie: d.cookie! });
    const stays = await watch({ cookie: other.cookie! });
    try {
      const cookie = d.cookie!;
      expect((await d.call(consoleLogout)).status).toBe(200);
      await waitFor(() => w.closed !== null);
      expect(w.closed).toBe('io server disconnect');
      expect(await refusedAgain({ cookie })).toMatch(/sign in again/i);
      expect(stays.closed).toBeNull();
      expect(stays.socket.connected).toBe(true);
    } finally {
      w.socket.close();
      stays.socket.close();
    }
  });

  it("the owner resets a staff member's password or authenticator: every socket of that account closes", async () => {
    const o = await owner();
    const d = await desk();
    const w = await watch({ cookie: d.cookie! });
    try {
      expect((await o.call(staffResetPassword, { params: { username: DEMO_STAFF.username }, body: { password: 'newpass123' } })).status).toBe(200);
      await waitFor(() => w.closed !== null);
      expect(w.closed).toBe('io server disconnect');
    } finally {
      w.socket.close();
    }
    t.clock.advance(30_000);
    const second = await owner();
    const ownerWatch = await watch({ cookie: second.cookie! });
    try {
      expect((await o.call(staffResetTotp, { params: { username: DEMO_OWNER.username } })).status).toBe(200);
      await waitFor(() => ownerWatch.closed !== null);
      expect(ownerWatch.closed).toBe('io server disconnect');
    } finally {
      ownerWatch.socket.close();
    }
  });

  it('idle: a console session that goes 30 minutes without a request loses its open socket at its end, and cannot come back', async () => {
    const d = await desk();
    const w = await watch({ cookie: d.cookie! });
    const sessionSockets = async () => {
      const hash = (await t.server.db.selectFrom('console_sessions').select('id_hash').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id_hash;
      return [...t.server.io.of(STAFF_NAMESPACE).sockets.values()].filter((s) => s.rooms.has(`staff-console:${hash}`));
    };
    try {
      expect(await sessionSockets()).toHaveLength(1);
      // Used 20 minutes in, the session lives on past the first 30 minutes: its socket stays.
      await t.clock.advance(20 * 60_000);
      expect((await d.call(consoleSession)).status).toBe(200);
      await t.clock.advance(20 * 60_000);
      expect(await sessionSockets()).toHaveLength(1);
      expect(w.socket.connected).toBe(true);
      // Then 30 minutes without a request: the session is over, and so is its socket.
      await t.clock.advance(CONSOLE_IDLE_MS - 20 * 60_000 + 60_000);
      expect((await d.call(consoleSession)).status).toBe(401);
      await waitFor(() => w.closed !== null);
      expect(w.closed).toBe('io server disconnect');
      expect(await sessionSockets()).toEqual([]);
      expect(await refusedAgain({ cookie: d.cookie! })).toMatch(/sign in again/i);
    } finally {
      w.socket.close();
    }
  });

  it('expired: a bearer-token socket (CLI, scripts) does not outlive its token', async () => {
    const accessToken = await deskToken(t.url);
    const w = await watch({ token: accessToken });
    const accountSockets = async () => {
      const { id } = await t.server.db.selectFrom('users').select('id').where('username', '=', DEMO_STAFF.username).executeTakeFirstOrThrow();
      return [...t.server.io.of(STAFF_NAMESPACE).sockets.values()].filter((s) => s.rooms.has(`staff-user:${id}`));
    };
    try {
      // While the token is valid the sweeps leave its socket alone.
      await t.clock.advance(2 * 60_000);
      expect(await accountSockets()).toHaveLength(1);
      // The token's hour is over (tokens expire by the wall clock): the next sweep closes its socket.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + STAFF_TOKEN_LIFETIME_MS + 60_000);
      await t.clock.advance(60_000);
      expect(await accountSockets()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    try {
      await waitFor(() => w.closed !== null);
      expect(w.closed).toBe('io server disconnect');
    } finally {
      w.socket.close();
    }
  });
});

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await settle(50);
  }
}
