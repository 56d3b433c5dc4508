/**
 * Malformed input to every endpoint of this issue: 400 with a readable
 * message, and nothing written (row counts and station statuses unchanged).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/shared/api/route.js';
import { api, login, rowCounts } from './support/harness.js';
import { useServer } from './support/server.js';

let user: string;
let userId: string;
const t = useServer({ per: 'file', admin: true });
beforeAll(async () => {
  const ali = await login(t.url, 'ali', 'ali12345', 1);
  user = ali.accessToken;
  userId = ali.user.id;
});

const MALFORMED_JSON = { raw: '{"stationId": "st-01",' };
const NOT_AN_OBJECT = { raw: '[1, 2, 3]' };
const PLAIN_TEXT = { raw: 'hello', contentType: 'text/plain' };

type Case = { method: string; path: string; token?: () => string; bodies: ({ body: unknown } | { raw: string; contentType?: string })[] };

const cases: Case[] = [
  {
    method: 'POST',
    path: '/station-heartbeat',
    bodies: [
      { body: {} },
      { body: { stationId: 'st-01', ipAddress: '1.2.3.4', macAddress: '02:53:50:00:00:01' } },
      { body: { stationId: 'st-01', ipAddress: '1.2.3.4', macAddress: '02:53:50:00:00:01', metadata: { pcName: 5 } } },
      { body: { stationId: '', ipAddress: '1', macAddress: 'x', metadata: { pcName: 'a', clientVersion: '1', timestamp: 1 } } },
      MALFORMED_JSON,
      NOT_AN_OBJECT,
      PLAIN_TEXT,
    ],
  },
  { method: 'POST', path: '/station-client/get-station-details', bodies: [{ body: {} }, { body: { stationId: 7 } }, MALFORMED_JSON, PLAIN_TEXT] },
  {
    method: 'POST',
    path: '/auth/client/login',
    bodies: [
      { body: {} },
      { body: { username: 'ali', password: 'ali12345' } },
      { body: { username: '', password: 'ali12345', macAddress: '02:53:50:00:00:02' } },
      { body: { username: 'ali', password: ['ali12345'], macAddress: '02:53:50:00:00:02' } },
      MALFORMED_JSON,
      NOT_AN_OBJECT,
    ],
  },
  { method: 'POST', path: '/auth/client/verify-password', token: () => user, bodies: [{ body: { username: 'ali' } }, MALFORMED_JSON] },
  { method: 'POST', path: '/admin/login', bodies: [{ body: { username: 'admin' } }, MALFORMED_JSON] },
  { method: 'POST', path: '/admin/stations/st-02/unlock-guest', token: () => t.admin, bodies: [{ body: { minutes: 0 } }, { body: { minutes: 'ten' } }, { body: { minutes: 1.5 } }, MALFORMED_JSON] },
  { method: 'POST', path: '/admin/stations/st-02/status', token: () => t.admin, bodies: [{ body: {} }, { body: { status: '' } }, { body: { status: 3 } }, MALFORMED_JSON] },
  { method: 'POST', path: '/admin/stations/st-02/command', token: () => t.admin, bodies: [{ body: {} }, { body: { command: 'FORMAT_C' } }, { body: { command: 'RENAME_PC', newName: 'x'.repeat(65) } }, MALFORMED_JSON] },
  { method: 'POST', path: '/admin/users/sara/balance', token: () => t.admin, bodies: [{ body: {} }, { body: { amount: '100' } }, { body: { amount: 10.5 } }, MALFORMED_JSON] },
];

describe('malformed requests', () => {
  for (const c of cases) {
    it(`${c.method} ${c.path} answers 400 and writes nothing`, async () => {
      const before = await rowCounts(t.server);
      const statuses = await t.server.db.selectFrom('stations').select(['id', 'status']).execute();
      for (const b of c.bodies) {
        const res = await api(t.url, c.method, c.path, { ...b, token: c.token?.() });
        expect(res.status, JSON.stringify(b)).toBe(400);
        const error = errorBodySchema.parse(res.body);
        expect(error.error).toBe('Bad Request');
        expect(error.message.length).toBeGreaterThan(5);
      }
      expect(await rowCounts(t.server)).toEqual(before);
      expect(await t.server.db.selectFrom('stations').select(['id', 'status']).execute()).toEqual(statuses);
    });
  }

  it('names the offending field in the message', async () => {
    const res = await api(t.url, 'POST', '/auth/client/login', { body: { username: 'ali', password: 'x' } });
    expect(errorBodySchema.parse(res.body).message).toMatch(/macAddress/);
    const json = await api(t.url, 'POST', '/auth/client/login', MALFORMED_JSON);
    expect(errorBodySchema.parse(json.body).message).toBe('Malformed JSON in request body');
  });

  it('rejects bad path parameters and queries with 400', async () => {
    const longId = 'u'.repeat(200);
    expect((await api(t.url, 'GET', `/client-sessions/current/${longId}`, { token: user })).status).toBe(400);
    expect((await api(t.url, 'GET', `/games/station/${'s'.repeat(200)}`, { token: user })).status).toBe(400);
    expect((await api(t.url, 'GET', '/admin/stations/st-01/heartbeats?limit=lots', { token: t.admin })).status).toBe(400);
    expect((await api(t.url, 'GET', '/admin/stations/st-01/heartbeats?limit=0', { token: t.admin })).status).toBe(400);
    // Still answers well-formed ones.
    expect((await api(t.url, 'GET', `/client-sessions/current/${userId}`, { token: user })).status).toBe(200);
  });

  it('checks the token before the body: no token on a user route is 401, not 400', async () => {
    const res = await api(t.url, 'POST', '/auth/client/verify-password', { body: {} });
    expect(res.status).toBe(401);
  });
});
