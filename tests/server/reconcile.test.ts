/** A station that comes back learns what happened while it was away; the server's figures win. */
import { describe, expect, it } from 'vitest';
import { adminEndSession, adminSetStatus, adminUnlockGuest } from '../../src/shared/api/routes.js';
import { connectStation, login, ok, settle, station } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const MINUTE = 60_000;

describe('reconnect reconciliation', () => {
  it('greets every connection with the station status, including one set while the station was away', async () => {
    await ok(t.url, adminSetStatus, { params: { stationId: 'st-03' }, body: { status: 'maintenance' }, token: t.admin });
    // connectStation takes the greeting; check it by hand here.
    const { connectSocket } = await import('./support/harness.js');
    const socket = await connectSocket(t.url, { clientType: 'station', ...station(3) });
    expect(await socket.next('stationStatusChanged')).toEqual({ stationId: 'st-03', status: 'maintenance', stationNumber: 3 });
    socket.close();
  });

  it('a session that ran out while the station was offline is ended on the station when it reconnects', async () => {
    // A guest unlock goes only to a connected station (issue 23), which takes it; then its cable goes.
    const before = await connectStation(t.url, 4);
    const { sessionId, username } = await ok(t.url, adminUnlockGuest, {
      params: { stationId: 'st-04' },
      body: { minutes: 2 },
      token: t.admin,
    });
    await before.next('guestUnlocked');
    before.socket.emit('station_unlock_ack', { sessionId, success: true, stationId: 'st-04', macAddress: '02:53:50:00:00:04', timestamp: new Date().toISOString() });
    await settle(300);
    before.close();
    await settle();
    expect(username).toMatch(/^guest_/);
    const guest = await t.server.db
      .selectFrom('client_sessions')
      .select('user_id')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    // Nobody is connected for st-04 while the two minutes run out.
    await t.clock.advance(2 * MINUTE);
    const ended = await t.server.db.selectFrom('client_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(ended.end_reason).toBe('balance_exhausted');

    // The kiosk comes back still holding the session (its user id in the handshake).
    const socket = await connectStation(t.url, 4, guest.user_id);
    expect(await socket.next('sessionEnded')).toEqual({
      sessionId,
      stationId: 'st-04',
      userId: guest.user_id,
      reason: 'balance_exhausted',
    });
    socket.close();
  });

  it('a station holding no session is not told about old sessions', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 5);
    await ok(t.url, adminEndSession, { params: { sessionId: ali.sessionId }, token: t.admin });
    const socket = await connectStation(t.url, 5);
    await settle(300);
    expect(socket.count('sessionEnded')).toBe(0);
    socket.close();
  });

  it('an active session gets the server figure (sessionBalanceUpdate) as soon as the station reconnects', async () => {
    const ali = await login(t.url, 'ali', 'ali12345', 6);
    await t.clock.advance(3 * MINUTE);
    const socket = await connectStation(t.url, 6, ali.user.id);
    const update = await socket.next('sessionBalanceUpdate');
    // st-06 is a 3,000 IQD/hour station: 25,000 IQD buys 500 minutes, 3 already played.
    expect(update).toMatchObject({ sessionId: ali.sessionId, userId: ali.user.id, remainingMinutes: 497 });
    expect(socket.count('sessionEnded')).toBe(0);
    socket.close();
  });

  it("records the station's status reports and acknowledges each one", async () => {
    const socket = await connectStation(t.url, 2);
    for (const status of ['in_use', 'reserved', 'maintenance']) {
      socket.socket.emit('station_status_update', { status, timestamp: status, ...station(2) });
      expect(await socket.next('stationStatusAck')).toEqual({ stationId: 'st-02', status, timestamp: status });
    }
    const row = await t.server.db.selectFrom('stations').select('status').where('id', '=', 'st-02').executeTakeFirstOrThrow();
    expect(row.status).toBe('maintenance');
    socket.close();
  });
});
