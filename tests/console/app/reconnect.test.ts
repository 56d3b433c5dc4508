/**
 * The console never loses the room (issue 23): when the live channel is back after being away (a server
 * restart), the room and the inbox are read again — what changed meanwhile shows, and something new in
 * the inbox chimes as it would have live; a handshake the server refuses because the session ended signs
 * the console out instead of dialling for ever.
 */
import { describe, expect, it } from 'vitest';
import { createConsoleApp } from '../../../src/console/app/features.js';
import { testCore } from '../support/fakes.js';
import { station } from '../support/room.js';
import { consoleSession } from '../support/sessions.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const call = (id: number) => ({
  id, type: 'waiter', stationId: 'st-01', stationNumber: 1, userId: 'u', username: 'ali', isGuest: false, message: 'tea',
  status: 'open', createdAt: '2026-11-27T08:00:00Z', acknowledgedAt: null, acknowledgedBy: null, resolvedAt: null, resolvedBy: null,
});

async function signedIn() {
  const t = testCore();
  const app = createConsoleApp(t.core);
  t.server.on('GET /admin/console/room', [station({ id: 'st-01', number: 1 })]);
  t.server.on('GET /admin/console/receipts', []);
  t.server.on('GET /admin/holds', []);
  t.server.on('GET /admin/service-calls', []);
  for (const path of ['/admin/orders', '/admin/reward-claims', '/admin/game-accounts']) t.server.on(`GET ${path}`, []);
  t.server.on('GET /admin/console/session', consoleSession());
  app.start();
  await app.features.session.service.restore();
  await settle();
  return { ...t, app };
}

describe('back after being away', () => {
  it('reads the room and the inbox again, and chimes for what arrived meanwhile', async () => {
    const { app, server, socket, page } = await signedIn();
    const room = app.features.room.service.store;
    const inbox = app.features.inbox.service.store;
    expect(room.getState().stations[0]?.currentSession).toBeNull();
    expect(page.chimes).toBe(0);

    // While away: a customer sat down at PC 1 and called the waiter; no event reached the console.
    const busy = { sessionId: 'ses_1', username: 'ali', isGuest: false, startTime: '2026-11-27T08:00:00Z', remainingMinutes: 90 };
    server.on('GET /admin/console/room', [station({ id: 'st-01', number: 1, status: 'in_use', currentSession: busy })]);
    server.on('GET /admin/service-calls', [call(7)]);
    const reads = server.requests.length;
    socket.comeBack();
    await settle();
    await settle();
    expect(room.getState().stations[0]?.currentSession?.username).toBe('ali');
    expect(inbox.getState().calls.map((c) => c.id)).toEqual([7]);
    expect(page.waiting.at(-1)).toBe(1);
    expect(page.chimes).toBe(1);
    const reread = server.requests.slice(reads).map((r) => r.url.split('?')[0]);
    expect(reread).toEqual(expect.arrayContaining(['/admin/console/room', '/admin/console/receipts', '/admin/holds', '/admin/service-calls', '/admin/orders']));

    // Back again with nothing new: read again, no chime.
    socket.comeBack();
    await settle();
    await settle();
    expect(page.chimes).toBe(1);
    app.stop();
  });

  it('stops re-reading once signed out', async () => {
    const { app, server, socket } = await signedIn();
    server.on('POST /admin/console/logout', { success: true });
    await app.features.session.service.signOut();
    const reads = server.requests.length;
    socket.comeBack();
    await settle();
    expect(server.requests.slice(reads)).toEqual([]);
  });

  it('a refused handshake whose session ended signs the console out; one whose session stands stays in', async () => {
    const { app, server, socket } = await signedIn();
    const refused = (message: string) => socket.refuse(message);
    refused('Staff channel: connect with auth { token } holding an admin or staff token.');
    await settle();
    expect(app.features.session.service.store.getState().status).toBe('signed_in');
    server.on('GET /admin/console/session', { statusCode: 401, error: 'Unauthorized', message: 'Sign in again.' }, 401);
    refused('Sign in again.');
    await settle();
    await settle();
    expect(app.features.session.service.store.getState().status).toBe('signed_out');
    expect(socket.link.getState().phase).toBe('idle');
  });
});
