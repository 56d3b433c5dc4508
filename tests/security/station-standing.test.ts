/**
 * Issue 22, item 8: a revoked or unknown station's kiosk showed only
 * "Connection lost. Reconnecting..." forever; the reason was in the developer
 * console alone. Now the server tells the three cases apart, each answer
 * starting with a code the kiosk shows its own screen for: station_unknown,
 * station_unpaired, station_revoked (socket handshake and heartbeat alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, connectEvents, enrol, messageOf, refusedWith, sendHeartbeat, stationQuery, startCafe, type Cafe } from './support.js';

describe('attack-free, but blind: why a station is refused', () => {
  let cafe: Cafe;
  let admin: string;

  beforeAll(async () => {
    cafe = await startCafe();
    admin = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  it('a revoked station is told it was revoked, and to pair again', async () => {
    const st3 = await enrol(cafe.url, 3);
    expect((await call(cafe.url, 'DELETE', '/admin/stations/st-03/credential', { token: admin })).status).toBe(200);
    const socket = await refusedWith(connectEvents(cafe.url, stationQuery(3), st3.credential));
    expect(socket).toMatch(/^station_revoked: the pairing of st-03 was revoked by the cafe \(its station credential no longer works\)\. A technician must pair it again/);
    const heartbeat = await sendHeartbeat(cafe.url, st3, '192.168.1.33');
    expect(heartbeat.status).toBe(401);
    expect(messageOf(heartbeat)).toMatch(/^station_revoked: /);
  });

  it('a station never paired (no credential, or one the cafe does not know) is told to pair', async () => {
    expect(await refusedWith(connectEvents(cafe.url, stationQuery(4)))).toMatch(/^station_unpaired: st-04 is not paired with this cafe yet/);
    expect(await refusedWith(connectEvents(cafe.url, stationQuery(4), 'spst_made-up'))).toMatch(/^station_unpaired: /);
  });

  it('a station id the cafe does not have is told it is unknown', async () => {
    const query = { ...stationQuery(4), stationId: 'st-99' };
    expect(await refusedWith(connectEvents(cafe.url, query))).toMatch(/^station_unknown: st-99 is not a station of this cafe/);
  });
});
