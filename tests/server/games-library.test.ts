/** A station's library is what is installed on it (issue 11): the station reports it, authenticated as itself. */
import { describe, expect, it } from 'vitest';
import { reportStationLibrary, stationGames } from '../../src/shared/api/routes.js';
import { MAX_STATION_REPORT } from '../../src/shared/api/games.js';
import { connectStation, login, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';
import { call, expectError, stationCredential } from './games-helpers.js';

const t = useServer({ admin: true });

describe('PUT /games/station/:stationId/installed', () => {
  it('turns the station\'s list into the catalogue entries it reported, tells it games:updated station_report, and leaves other stations whole', async () => {
    const socket = await connectStation(t.url, 2);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const everything = await ok(t.url, stationGames, { params: { stationId: 'st-02' }, token: ali.accessToken });
    expect(everything.length).toBeGreaterThan(50);

    const res = await call(t.url, reportStationLibrary, {
      params: { stationId: 'st-02' },
      body: { jsonIds: ['plat-steam', 'game-cs2', 'game-valorant', 'game-cs2', 'game-not-in-catalogue'] },
      credential: await stationCredential(t.url, 2),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stationId: 'st-02', installedCount: 3, unknownJsonIds: ['game-not-in-catalogue'] });
    expect(await socket.next('games:updated')).toEqual({ type: 'station_report', stationId: 'st-02' });

    const library = await ok(t.url, stationGames, { params: { stationId: 'st-02' }, token: ali.accessToken });
    expect(library.map((g) => g.Json_ID)).toEqual(['game-cs2', 'plat-steam', 'game-valorant']); // platform order, then name
    expect(library.find((g) => g.Json_ID === 'game-cs2')).toEqual(everything.find((g) => g.Json_ID === 'game-cs2'));
    expect(await ok(t.url, stationGames, { params: { stationId: 'st-03' }, token: ali.accessToken })).toHaveLength(everything.length);

    // A new report replaces the old one; an empty one empties the library.
    await call(t.url, reportStationLibrary, { params: { stationId: 'st-02' }, body: { jsonIds: [] }, credential: await stationCredential(t.url, 2) });
    expect(await ok(t.url, stationGames, { params: { stationId: 'st-02' }, token: ali.accessToken })).toEqual([]);
    socket.close();
  });

  it('is refused without a station credential, with a user token, or for another station, and changes nothing', async () => {
    const other = await connectStation(t.url, 3);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const body = { jsonIds: ['game-cs2'] };
    expectError(await call(t.url, reportStationLibrary, { params: { stationId: 'st-03' }, body }), 401);
    expectError(await call(t.url, reportStationLibrary, { params: { stationId: 'st-03' }, body, token: ali.accessToken }), 401);
    expectError(
      await call(t.url, reportStationLibrary, { params: { stationId: 'st-03' }, body, credential: await stationCredential(t.url, 2) }),
      403,
      'A station reports only its own library.',
    );
    await settle();
    expect(other.count('games:updated')).toBe(0);
    expect((await ok(t.url, stationGames, { params: { stationId: 'st-03' }, token: ali.accessToken })).length).toBeGreaterThan(50);
    other.close();
  });

  it('rejects a bad or oversized report with 400 and a message', async () => {
    const credential = await stationCredential(t.url, 2);
    const send = (body: unknown) => call(t.url, reportStationLibrary, { params: { stationId: 'st-02' }, body, credential });
    for (const body of [{}, { jsonIds: 'game-cs2' }, { jsonIds: ['cs2.exe'] }, { jsonIds: Array.from({ length: MAX_STATION_REPORT + 1 }, (_, i) => `game-x${i}`) }]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/^Invalid body/);
    }
    const big = await send({ jsonIds: Array.from({ length: MAX_STATION_REPORT }, (_, i) => (i === 0 ? 'game-cs2' : `game-x${i}`)) });
    expect(big.body).toMatchObject({ installedCount: 1 });
  });
});
