/**
 * Attack 2: be any station. The /events handshake used to check only the
 * station id and its MAC (which get-station-details handed out), so a laptop
 * could receive st-03's tokens, end its customer's session and fake its
 * heartbeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSessionAt,
  adminToken,
  call,
  connectEvents,
  enrol,
  loginAt,
  messageOf,
  pause,
  refusedWith,
  sendHeartbeat,
  snapshot,
  startEnrolledCafe,
  stationQuery,
  type Cafe,
  type Enrolled,
} from './support.js';
import { cafe as runCafe } from '../support/processes.js';

describe('attack 2: only the enrolled station is that station', () => {
  let cafe: Cafe;
  let st2: Enrolled;
  let st3: Enrolled;

  beforeAll(async () => {
    ({ cafe, stations: [st2, st3] } = await startEnrolledCafe([2, 3]));
  });
  afterAll(() => cafe?.stop());

  it('get-station-details no longer hands out the MAC address', async () => {
    const reply = await call(cafe.url, 'POST', '/station-client/get-station-details', { body: { stationId: 'st-03' } });
    expect(reply.status).toBe(200);
    expect(JSON.stringify(reply.body)).not.toContain('02:53:50:00:00:03');
  });

  it('refuses a socket that knows the id and the MAC but has no credential', async () => {
    const reason = await refusedWith(connectEvents(cafe.url, stationQuery(3)));
    expect(reason).toMatch(/credential/i);
  });

  it("refuses a wrong credential, and another station's credential", async () => {
    expect(await refusedWith(connectEvents(cafe.url, stationQuery(3), `spst_${'A'.repeat(43)}`))).toMatch(/credential/i);
    expect(await refusedWith(connectEvents(cafe.url, stationQuery(3), st2.credential))).toMatch(/credential/i);
  });

  it('refuses a second connection for a connected station and tells the operator', async () => {
    const real = await connectEvents(cafe.url, stationQuery(3), st3.credential);
    try {
      const reason = await refusedWith(connectEvents(cafe.url, stationQuery(3), st3.credential));
      expect(reason).toMatch(/already connected/i);
      const listing = await runCafe(cafe.url, 'stations');
      expect(listing.code).toBe(0);
      expect(listing.stdout).toMatch(/st-03.*(refused|duplicate|second connection)/i);
      // The real station is still connected and still gets its events.
      expect(real.socket.connected).toBe(true);
    } finally {
      real.close();
    }
  });

  it("a laptop cannot end the customer's session or receive its token", async () => {
    const real = await connectEvents(cafe.url, stationQuery(3), st3.credential);
    try {
      const login = await loginAt(cafe.url, st3, 'ali', 'ali12345');
      expect(login.status).toBe(200);
      const session = activeSessionAt(cafe.sql, st3.stationId);
      expect(session).toBeDefined();
      // Without the credential there is no socket to send 'available' on.
      expect(await refusedWith(connectEvents(cafe.url, { ...stationQuery(3), userId: '' }))).not.toBe('');
      await pause(100);
      expect(activeSessionAt(cafe.sql, st3.stationId)?.id).toBe(session?.id);
    } finally {
      real.close();
    }
  });

  it('refuses heartbeats without the credential and keeps the station as it was', async () => {
    const before = snapshot(cafe.sql);
    const body = {
      stationId: 'st-04',
      ipAddress: '10.0.0.66',
      macAddress: '02:53:50:00:00:04',
      metadata: { pcName: 'PC-04', clientVersion: '1.0.0', timestamp: new Date().toISOString() },
    };
    const reply = await call(cafe.url, 'POST', '/station-heartbeat', { body });
    expect(reply.status).toBe(401);
    expect(messageOf(reply)).toMatch(/credential/i);
    // Another station's credential does not make st-04 look alive either.
    const borrowed = await call(cafe.url, 'POST', '/station-heartbeat', { body, credential: st2.credential });
    expect(borrowed.status).toBeGreaterThanOrEqual(400);
    expect(borrowed.status).toBeLessThan(500);
    expect(snapshot(cafe.sql)).toEqual(before);
  });

  it('accepts the enrolled station’s own heartbeat', async () => {
    const reply = await sendHeartbeat(cafe.url, st2, '10.0.0.2');
    expect(reply.status).toBe(200);
  });

  it('revoking a credential disconnects the station and refuses it afterwards', async () => {
    const st5 = await enrol(cafe.url, 5);
    const live = await connectEvents(cafe.url, stationQuery(5), st5.credential);
    const disconnected = new Promise<void>((resolve) => live.socket.once('disconnect', () => resolve()));
    const token = await adminToken(cafe.url);
    const revoked = await call(cafe.url, 'DELETE', '/admin/stations/st-05/credential', { token });
    expect(revoked.status).toBe(200);
    await disconnected;
    expect(await refusedWith(connectEvents(cafe.url, stationQuery(5), st5.credential))).toMatch(/credential/i);
    const beat = await sendHeartbeat(cafe.url, st5, '10.0.0.5');
    expect(beat.status).toBe(401);
  });
});
