/**
 * Every route of this issue answers what its shared descriptor promises: each
 * success parses with the route's response schema, each error with
 * errorBodySchema. The `ok`/`fail` helpers do the parsing; this test walks the
 * whole surface once so a new handler that drifts from the contract fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as routes from '../../src/shared/api/routes.js';
import type { Route } from '../../src/shared/api/route.js';
import { demoMac } from '../../src/server/seed/demo.js';
import { adminToken, connectStation, fail, ok, startServer, type TestServer } from './support/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('response schemas', () => {
  it('every implemented route answers with its descriptor\'s response schema', async () => {
    const socket = await connectStation(t.url, 1);
    const covered = new Set<Route>();
    const hit = async <T extends Route>(route: T, input: Parameters<typeof ok>[2] = {}) => {
      covered.add(route);
      return ok(t.url, route, input); // throws unless 200 and the body parses with route.response
    };

    const beat = { stationId: 'st-01', ipAddress: '10.0.0.1', macAddress: demoMac(1), metadata: { pcName: 'PC-01', clientVersion: '1.0.0', timestamp: 1 } };
    await hit(routes.stationHeartbeat, { body: beat });
    await hit(routes.getStationDetails, { body: { stationId: 'st-01' } });
    const ali = await hit(routes.login, { body: { username: 'ali', password: 'ali12345', macAddress: demoMac(1) } });
    await hit(routes.verifyPassword, { body: { username: 'ali', password: 'ali12345' }, token: ali.accessToken });
    await hit(routes.getProfile, { token: ali.accessToken });
    await hit(routes.currentClientSession, { params: { userId: ali.user.id }, token: ali.accessToken });
    await hit(routes.stationGames, { params: { stationId: 'st-01' }, token: ali.accessToken });

    const { accessToken: admin } = await hit(routes.adminLogin, { body: { username: 'admin', password: 'admin123' } });
    await hit(routes.adminStations, { token: admin });
    await hit(routes.adminStationHeartbeats, { params: { stationId: 'st-01' }, token: admin });
    const guest = await hit(routes.adminUnlockGuest, { params: { stationId: 'st-02' }, body: { minutes: 15 }, token: admin });
    await hit(routes.adminSetStatus, { params: { stationId: 'st-03' }, body: { status: 'maintenance' }, token: admin });
    await hit(routes.adminCommand, { params: { stationId: 'st-01' }, body: { command: 'OPEN_TASK_MANAGER' }, token: admin });
    await hit(routes.adminEndSession, { params: { sessionId: guest.sessionId }, token: admin });
    await hit(routes.adminAddBalance, { params: { username: 'ali' }, body: { amount: 1000 }, token: admin });

    expect(covered.size).toBe(15);
    socket.close();
  });

  it('errors from every kind of failure parse as errorBodySchema', async () => {
    const admin = await adminToken(t.url);
    const errors = [
      await fail(t.url, routes.getProfile),
      await fail(t.url, routes.adminStations, { token: (await ok(t.url, routes.login, { body: { username: 'sara', password: 'sara12345', macAddress: demoMac(5) } })).accessToken }),
      await fail(t.url, routes.getStationDetails, { body: { stationId: 'nope' } }),
      await fail(t.url, routes.adminUnlockGuest, { params: { stationId: 'st-05' }, token: admin }),
      await fail(t.url, routes.login, { body: {} }),
    ];
    expect(errors.map((e) => e.statusCode)).toEqual([401, 403, 404, 409, 400]);
  });
});
