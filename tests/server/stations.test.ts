import { describe, expect, it } from 'vitest';
import { adminStationHeartbeats, adminStations, getStationDetails, stationHeartbeat } from '../../src/shared/api/routes.js';
import { stationDetailsSchema } from '../../src/shared/entities.js';
import { HEARTBEAT_TRIM_EVERY, HEARTBEATS_KEPT_PER_STATION } from '../../src/server/stations/heartbeats.js';
import { adminToken, api, fail, ok, stationCredential } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

const beat = (n: number, pcName = `PC-0${n}`) => ({
  stationId: `st-0${n}`,
  ipAddress: `192.168.1.${20 + n}`,
  macAddress: `02:53:50:00:00:0${n}`,
  metadata: { pcName, clientVersion: '1.0.0', timestamp: '2025-01-10T18:00:00.000Z' },
});

describe('POST /station-heartbeat', () => {
  it('records the heartbeat with its body and updates the station', async () => {
    await t.clock.advance(5_000);
    const answer = await ok(t.url, stationHeartbeat, { body: beat(2, 'GAMER-PC') });
    // meter (issue 26, our extra): no session runs at st-02.
    expect(answer).toEqual({ success: true, serverTime: new Date(t.clock.now()).toISOString(), meter: null });

    const token = await adminToken(t.url);
    const beats = await ok(t.url, adminStationHeartbeats, { params: { stationId: 'st-02' }, token });
    expect(beats).toEqual([{ stationId: 'st-02', receivedAt: answer.serverTime, body: beat(2, 'GAMER-PC') }]);
    const st2 = (await ok(t.url, adminStations, { token })).find((s) => s.id === 'st-02');
    expect(st2).toMatchObject({ lastHeartbeatAt: answer.serverTime, online: true });
    const row = await t.server.db.selectFrom('stations').select('ip_address').where('id', '=', 'st-02').executeTakeFirst();
    expect(row?.ip_address).toBe('192.168.1.22');
  });

  it('keeps only the latest heartbeats of a station', async () => {
    for (let i = 0; i < HEARTBEATS_KEPT_PER_STATION + 5; i++) {
      await ok(t.url, stationHeartbeat, { body: beat(1, `PC-${i}`) });
    }
    // Trimmed back to 200 every HEARTBEAT_TRIM_EVERY heartbeats (issue 16); readers see the newest 200 at most.
    const rows = await t.server.db.selectFrom('heartbeats').select('body').where('station_id', '=', 'st-01').execute();
    expect(rows.length).toBeGreaterThanOrEqual(HEARTBEATS_KEPT_PER_STATION);
    expect(rows.length).toBeLessThan(HEARTBEATS_KEPT_PER_STATION + HEARTBEAT_TRIM_EVERY);
    const token = await adminToken(t.url);
    const all = await ok(t.url, adminStationHeartbeats, { params: { stationId: 'st-01' }, query: { limit: 500 }, token });
    expect(all).toHaveLength(HEARTBEATS_KEPT_PER_STATION);
    expect(all.at(-1)!.body.metadata.pcName).toBe('PC-5');
    const latest = await ok(t.url, adminStationHeartbeats, { params: { stationId: 'st-01' }, query: { limit: 2 }, token });
    expect(latest.map((b) => b.body.metadata.pcName)).toEqual([`PC-${HEARTBEATS_KEPT_PER_STATION + 4}`, `PC-${HEARTBEATS_KEPT_PER_STATION + 3}`]);
  });

  it('answers 401 without the station credential and 403 for another station, writing nothing', async () => {
    expect(await fail(t.url, stationHeartbeat, { body: beat(1), credential: null })).toMatchObject({ statusCode: 401 });
    expect(
      await fail(t.url, stationHeartbeat, { body: { ...beat(1), stationId: 'st-99' }, credential: stationCredential(t.url, 1) }),
    ).toMatchObject({ statusCode: 403, message: "This PC's credential belongs to station st-01, not st-99." });
    expect(
      await fail(t.url, stationHeartbeat, { body: beat(2), credential: stationCredential(t.url, 1) }),
    ).toMatchObject({ statusCode: 403 });
    expect(await t.server.db.selectFrom('heartbeats').selectAll().execute()).toEqual([]);
  });

  it('accepts cross-origin calls from the stations (a loopback web shell, the kiosk), not from other pages', async () => {
    const preflight = (origin: string) =>
      fetch(`${t.url}/station-heartbeat`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization,x-station-credential' },
      });
    const shell = await preflight('http://localhost:5173');
    expect(shell.status).toBe(204);
    expect(shell.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await preflight('app://station')).headers.get('access-control-allow-origin')).toBe('app://station');
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('POST /station-client/get-station-details', () => {
  it('answers the station, its group, the announcement and the WiFi QR', async () => {
    const details = await ok(t.url, getStationDetails, { body: { stationId: 'st-07' } });
    expect(stationDetailsSchema.parse(details)).toEqual(details);
    expect(details.success).toBe(true);
    expect(details.station).toMatchObject({ id: 'st-07', number: 7, name: 'PC-07', macAddress: '02:53:50:00:00:07', status: 'available' });
    expect(details.group).toMatchObject({ name: 'VIP', hourlyRate: 3000 });
    expect(details.station.groupId).toBe(details.group?.id);
    expect(details.announcement).toMatchObject({ title: 'Weekend tournament', isActive: true });
    expect(details.wifiQR?.isActive).toBe(true);
    expect(Buffer.from(details.wifiQR?.qrCodeBase64 ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 404 for an unknown station', async () => {
    expect(await fail(t.url, getStationDetails, { body: { stationId: 'st-42' } })).toMatchObject({ statusCode: 404 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await api(t.url, 'GET', '/admin/nothing-here');
    expect(res).toEqual({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Route GET /admin/nothing-here not found' } });
  });
});
