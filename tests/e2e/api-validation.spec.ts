/**
 * Bad input from the network gets a clear 400 and writes nothing: every
 * endpoint of the foundation, against the real server process.
 */
import { adminToken, stationCredential } from '../support/processes.js';
import { expect, test } from './fixtures.js';

const goodHeartbeat = {
  stationId: 'st-01',
  ipAddress: '10.0.0.11',
  macAddress: '02:53:50:00:00:01',
  metadata: { pcName: 'PC-01', clientVersion: '1.0.0', timestamp: '2026-11-21T10:00:00.000Z' },
};

const malformed: Record<string, unknown[]> = {
  '/station-heartbeat': [
    '{not json',
    [],
    {},
    { ...goodHeartbeat, stationId: 42 },
    { ...goodHeartbeat, metadata: 'PC-01' },
    { ...goodHeartbeat, metadata: { ...goodHeartbeat.metadata, pcName: 'x'.repeat(500) } },
  ],
  '/station-client/get-station-details': ['{', null, {}, { stationId: '' }, { stationId: ['st-01'] }],
  '/auth/client/login': [
    '{"username":',
    {},
    { username: 'ali' },
    { username: 'ali', password: 'ali12345' },
    { username: 'ali', password: 12345, macAddress: '02:53:50:00:00:01' },
    { username: '', password: 'ali12345', macAddress: '02:53:50:00:00:01' },
  ],
  '/auth/client/verify-password': ['[', {}, { username: 'ali' }, { username: 'ali', password: null }],
};

async function snapshot(server: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const stations = await (await fetch(`${server}/admin/stations`, { headers })).json();
  const beats = await (await fetch(`${server}/admin/stations/st-01/heartbeats`, { headers })).json();
  return JSON.stringify({ stations, beats });
}

test('malformed bodies to each endpoint get 400 with a message and change nothing', async ({ request, cafe }) => {
  const server = cafe.server.url;
  const admin = await adminToken(server);
  // Everything below comes from enrolled station st-01, as its renderer would send it.
  const station = { 'x-station-credential': await stationCredential(server, 1) };
  const before = await snapshot(server, admin);

  const login = await request.post(`${server}/auth/client/login`, {
    headers: station,
    data: { username: 'sara', password: 'sara12345', macAddress: '02:53:50:00:00:01' },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const afterLogin = await snapshot(server, admin);

  for (const [path, bodies] of Object.entries(malformed)) {
    for (const body of bodies) {
      const res = await request.post(`${server}${path}`, {
        headers: { ...station, 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        data: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.status(), `${path} ${JSON.stringify(body)}`).toBe(400);
      const json = (await res.json()) as { message?: unknown };
      expect(typeof json.message, `${path} answers a message`).toBe('string');
      expect((json.message as string).length).toBeGreaterThan(0);
    }
  }

  // Malformed path parameters on the GET endpoints.
  const auth = { authorization: `Bearer ${accessToken}` };
  expect((await request.get(`${server}/games/station/${'x'.repeat(300)}`, { headers: auth })).status()).toBe(400);
  expect((await request.get(`${server}/client-sessions/current/${'y'.repeat(300)}`, { headers: auth })).status()).toBe(400);

  expect(await snapshot(server, admin)).toBe(afterLogin);
  expect(afterLogin).not.toBe(before); // the good login did write: the snapshot can see writes
});

test('protected endpoints refuse a missing or forged token', async ({ request, cafe }) => {
  const server = cafe.server.url;
  for (const path of ['/profile', '/games/station/st-01', '/client-sessions/current/usr_x']) {
    expect((await request.get(`${server}${path}`)).status(), path).toBe(401);
    const forged = await request.get(`${server}${path}`, { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.status(), path).toBe(401);
  }
  const login = await request.post(`${server}/auth/client/login`, {
    headers: { 'x-station-credential': await stationCredential(server, 1) },
    data: { username: 'ali', password: 'ali12345', macAddress: '02:53:50:00:00:01' },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const asCustomer = await request.get(`${server}/admin/stations`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(asCustomer.status()).toBe(403);
});
