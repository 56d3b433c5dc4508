/**
 * Customers and guests at demo stations, for the dashboard's server tests
 * (service calls, store). One place that knows how a station gets a signed-in
 * session, so the tests read as what a customer does.
 */
import { io, type Socket } from 'socket.io-client';
import { guestUnlockSchema } from '../../src/shared/socket/events.js';
import { adminUnlockGuest } from '../../src/shared/api/routes.js';
import { STAFF_NAMESPACE } from '../../src/shared/socket/staff-events.js';
import { connectStation, login, ok, type StationSocket } from './support/harness.js';

export interface AtStation {
  socket: StationSocket;
  token: string;
  userId: string;
  sessionId: string;
  stationId: string;
}

export async function customerAt(url: string, stationNumber: number, username: string, password: string): Promise<AtStation> {
  const socket = await connectStation(url, stationNumber);
  const answer = await login(url, username, password, stationNumber);
  await socket.next('sessionStarted');
  return { socket, token: answer.accessToken, userId: answer.user.id, sessionId: answer.sessionId, stationId: answer.stationId };
}

export async function guestAt(url: string, admin: string, stationNumber: number): Promise<AtStation> {
  const socket = await connectStation(url, stationNumber);
  const stationId = `st-${String(stationNumber).padStart(2, '0')}`;
  const { sessionId } = await ok(url, adminUnlockGuest, { params: { stationId }, body: { minutes: 60 }, token: admin });
  const unlocked = guestUnlockSchema.parse(await socket.next('guestUnlocked'));
  if (!unlocked.token) throw new Error('guestUnlocked carried no token');
  return { socket, token: unlocked.token, userId: unlocked.userId, sessionId, stationId };
}

/** A staff tool on the /staff channel, recording what it receives. */
export async function connectStaff(url: string, token: string | undefined): Promise<{ socket: Socket; received: { event: string; payload: unknown }[] }> {
  const socket = io(`${url}${STAFF_NAMESPACE}`, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return { socket, received };
}

/** Waits until `check` holds (socket events arrive asynchronously). */
export async function eventually<T>(check: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
