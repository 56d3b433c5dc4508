/**
 * The server and the shared route table agree: every shared descriptor is
 * either served or listed below as not served yet, every served route is in
 * the table (or listed as server-only), and answers parse with the
 * descriptors' response schemas, errors with errorBodySchema.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as routes from '../../src/shared/api/routes.js';
import { allRoutes, routeKey } from '../../src/shared/api/routes.js';
import type { Route } from '../../src/shared/api/route.js';
import { demoMac } from '../../src/server/seed/demo.js';
import { adminToken, connectStation, fail, ok, startServer } from './support/harness.js';
import { useServer } from './support/server.js';
import { demoAdminCodes } from '../support/demo-admin.js';

const t = useServer({ per: 'file' });

/** Shared descriptors the reference server does not serve yet (the station copes with their absence). */
const NOT_SERVED_YET: string[] = [];

/** Served routes that are not API descriptors: CORS preflight, the development OAuth page, files. */
const SERVER_ONLY = [
  'OPTIONS *',
  'GET /oauth/dev/sign-in',
  'GET /setup',
  'POST /setup',
  'POST /oauth/dev/sign-in',
  // Issue 25: the phone's trip through a configured provider (served when one is configured).
  'GET /oauth/:provider/start',
  'GET /oauth/:provider/callback',
  'POST /oauth/:provider/callback',
  // Steam link (issue 13): the popup's first page, and the development OpenID provider (--dev-oauth).
  'GET /steam-openid/login',
  'GET /steam-openid/dev/login',
  'POST /steam-openid/dev/login',
  `GET ${routes.MEDIA_FILE_PATH}`,
  'GET /media/thumbnails/:file',
  'GET /*', // the built renderer (only when there is one)
  'GET /metrics', // Prometheus, operator credential only (observability/)
  'GET /health', // the proxy's health check, operator credential only (observability/)
];

describe('route table', () => {
  const shared = allRoutes.map((entry) => routeKey(entry.route));

  it('names every route once', () => {
    expect(new Set(shared).size).toBe(shared.length);
    expect(new Set(allRoutes.map((entry) => entry.route)).size).toBe(allRoutes.length);
  });

  it('every shared route is served, or listed as not served yet', () => {
    const served = new Set(t.server.routes);
    const missing = shared.filter((key) => !served.has(key) && !NOT_SERVED_YET.includes(key));
    expect(missing).toEqual([]);
  });

  it('nothing listed as not served yet is served (move it out of the list when it lands)', () => {
    const served = new Set(t.server.routes);
    expect(NOT_SERVED_YET.filter((key) => served.has(key))).toEqual([]);
    expect(NOT_SERVED_YET.filter((key) => !shared.includes(key))).toEqual([]);
  });

  it('every served route, admin surface included, is in the shared table or listed as server-only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-renderer-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const withRenderer = await startServer({ rendererDir: dir });
    try {
      for (const server of [t.server, withRenderer.server]) {
        const unknown = server.routes.filter((key) => !shared.includes(key) && !SERVER_ONLY.includes(key));
        expect(unknown).toEqual([]);
      }
      expect(withRenderer.server.routes).toContain('GET /*');
      expect(t.server.routes).toContain('POST /admin/stations/:stationId/command');
    } finally {
      await withRenderer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('response schemas', () => {
  it('served routes answer with their descriptors\' response schemas', async () => {
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

    // The demo owner signs in with its authenticator's code (an earlier code of this step may be spent: the next one).
    let admin = '';
    for (const totp of demoAdminCodes(t.clock.now())) {
      const signedIn = await hit(routes.adminLogin, { body: { username: 'admin', password: 'admin123', totp } }).catch(() => null);
      if (signedIn) {
        admin = signedIn.accessToken;
        break;
      }
    }
    await hit(routes.adminStations, { token: admin });
    await hit(routes.adminStationHeartbeats, { params: { stationId: 'st-01' }, token: admin });
    const second = await connectStation(t.url, 2); // a guest unlock goes only to a connected station (issue 23)
    const guest = await hit(routes.adminUnlockGuest, { params: { stationId: 'st-02' }, body: { minutes: 15 }, token: admin });
    await hit(routes.adminSetStatus, { params: { stationId: 'st-03' }, body: { status: 'maintenance' }, token: admin });
    await hit(routes.adminCommand, { params: { stationId: 'st-01' }, body: { command: 'OPEN_TASK_MANAGER' }, token: admin });
    await hit(routes.adminEndSession, { params: { sessionId: guest.sessionId }, token: admin });
    await hit(routes.adminAddBalance, { params: { username: 'ali' }, body: { amount: 1000 }, token: admin });

    expect([...covered].every((route) => t.server.routes.includes(routeKey(route)))).toBe(true);
    socket.close();
    second.close();
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
