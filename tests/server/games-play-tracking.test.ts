/** Play tracking (SPEC §4, §7; issue 11): launches, closes and durations per user and session, trusting only the token. */
import { describe, expect, it } from 'vitest';
import { adminEndSession, adminPlays, appClosed, appLaunched, playHistory, reportStationRunning } from '../../src/shared/api/routes.js';
import { playingNow } from '../../src/server/play-tracking/plays.js';
import { connectStation, login, ok, reportRunning, runFor, settle, stationCredential } from './support/harness.js';
import { useServer } from './support/server.js';
import { call, expectError } from './games-helpers.js';

const t = useServer({ admin: true });
const MINUTE = 60_000;

async function aliAt(station: number) {
  const ali = await login(t.url, 'ali', 'ali12345', station);
  const body = (jsonId: string) => ({ jsonId, sessionId: ali.sessionId, userId: ali.user.id, stationId: `st-0${station}` });
  return { ali, body };
}

describe('app-launched / app-closed', () => {
  it('records a launch and its close with the duration, emits app:launched and app:closed, and lists it in history', async () => {
    const socket = await connectStation(t.url, 2);
    const { ali, body } = await aliAt(2);
    const start = new Date(t.clock.now()).toISOString();
    await reportRunning(t.url, 2, ['game-cs2']); // the shell saw the game's process
    expect(await ok(t.url, appLaunched, { body: body('game-cs2'), token: ali.accessToken })).toEqual({ data: { success: true } });
    expect(await socket.next('app:launched')).toEqual({
      jsonId: 'game-cs2',
      gameName: 'Counter-Strike 2',
      userId: ali.user.id,
      sessionId: ali.sessionId,
      stationId: 'st-02',
      startTime: start,
    });
    // A repeated launch of the running game is the same play.
    await ok(t.url, appLaunched, { body: body('game-cs2'), token: ali.accessToken });
    await runFor(t.url, t.clock, 2, ['game-cs2'], 95 * MINUTE + 30_000);
    expect(await playingNow(t.server.db, ali.user.id, t.clock.now())).toEqual([
      { jsonId: 'game-cs2', name: 'Counter-Strike 2', startTime: start, elapsedTimeMinutes: 95 },
    ]);

    expect(await ok(t.url, appClosed, { body: body('game-cs2'), token: ali.accessToken })).toEqual({ data: { success: true } });
    expect(await socket.next('app:closed')).toMatchObject({ jsonId: 'game-cs2', durationMinutes: 95, sessionId: ali.sessionId });
    expect(await ok(t.url, appClosed, { body: body('game-cs2'), token: ali.accessToken })).toEqual({ data: { success: false } });
    expect(await playingNow(t.server.db, ali.user.id, t.clock.now())).toEqual([]);

    const history = await ok(t.url, playHistory, { params: { userId: ali.user.id }, token: ali.accessToken });
    expect(history).toEqual([
      { id: expect.any(String), jsonId: 'game-cs2', gameName: 'Counter-Strike 2', startTime: start, endTime: new Date(t.clock.now()).toISOString(), durationMinutes: 95 },
    ]);
    socket.close();
  });

  it('closes every open play when the session ends, for any reason', async () => {
    const socket = await connectStation(t.url, 2);
    const { ali, body } = await aliAt(2);
    await reportRunning(t.url, 2, ['game-valorant', 'app-discord']);
    await ok(t.url, appLaunched, { body: body('game-valorant'), token: ali.accessToken });
    await ok(t.url, appLaunched, { body: body('app-discord'), token: ali.accessToken });
    await runFor(t.url, t.clock, 2, ['game-valorant', 'app-discord'], 12 * MINUTE);
    await ok(t.url, adminEndSession, { params: { sessionId: ali.sessionId }, token: t.admin });
    await socket.next('app:closed');
    await socket.next('app:closed');
    const history = await ok(t.url, playHistory, { params: { userId: ali.user.id }, token: t.admin });
    expect(history.map((h) => [h.jsonId, h.durationMinutes]).sort()).toEqual([
      ['app-discord', 12],
      ['game-valorant', 12],
    ]);
    socket.close();
  });

  it('believes only the token: another user\'s session, userId or station is refused and nothing is recorded', async () => {
    const { ali, body } = await aliAt(2);
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    expectError(await call(t.url, appLaunched, { body: body('game-cs2'), token: sara.accessToken }), 403, 'This is not your current session.');
    expectError(await call(t.url, appLaunched, { body: { ...body('game-cs2'), userId: sara.user.id }, token: ali.accessToken }), 403);
    expectError(await call(t.url, appLaunched, { body: { ...body('game-cs2'), stationId: 'st-03' }, token: ali.accessToken }), 403);
    expectError(await call(t.url, appLaunched, { body: body('game-cs2') }), 401);
    expectError(await call(t.url, appLaunched, { body: body('game-nope'), token: ali.accessToken }), 404, 'Unknown game: game-nope');
    expectError(await call(t.url, appLaunched, { body: { jsonId: 'game-cs2' }, token: ali.accessToken }), 400);
    await settle();
    expect(await t.server.db.selectFrom('game_plays').selectAll().execute()).toEqual([]);
  });
});

describe('GET /game-play-tracking/user/:userId/history', () => {
  it('answers a user only their own history (403 otherwise), newest first, 10 by default, ?limit=N', async () => {
    const { ali, body } = await aliAt(2);
    for (let i = 0; i < 12; i++) {
      await ok(t.url, appLaunched, { body: body('game-cs2'), token: ali.accessToken });
      await t.clock.advance(MINUTE);
      await ok(t.url, appClosed, { body: body('game-cs2'), token: ali.accessToken });
    }
    await ok(t.url, appLaunched, { body: body('game-lol'), token: ali.accessToken });
    const history = await ok(t.url, playHistory, { params: { userId: ali.user.id }, token: ali.accessToken });
    expect(history).toHaveLength(10);
    expect(history[0]).toMatchObject({ jsonId: 'game-lol', endTime: null, durationMinutes: null });
    expect(history[1]).toMatchObject({ jsonId: 'game-cs2', durationMinutes: 1 });
    expect(await ok(t.url, playHistory, { params: { userId: ali.user.id }, query: { limit: 3 }, token: ali.accessToken })).toHaveLength(3);

    const sara = await login(t.url, 'sara', 'sara12345', 3);
    expectError(await call(t.url, playHistory, { params: { userId: ali.user.id }, token: sara.accessToken }), 403, 'You can only read your own game play history.');
    expect(await ok(t.url, playHistory, { params: { userId: sara.user.id }, token: sara.accessToken })).toEqual([]);
  });
});

describe('GET /admin/plays (staff)', () => {
  it('lists the plays newest first with who and where; active=true only what runs now; customers are refused', async () => {
    const { ali, body } = await aliAt(4);
    await reportRunning(t.url, 4, ['game-cs2']);
    await ok(t.url, appLaunched, { body: body('game-cs2'), token: ali.accessToken });
    await runFor(t.url, t.clock, 4, ['game-cs2'], 3 * MINUTE);
    await ok(t.url, appClosed, { body: body('game-cs2'), token: ali.accessToken });
    await ok(t.url, appLaunched, { body: body('game-lol'), token: ali.accessToken });

    const plays = await ok(t.url, adminPlays, { token: t.admin });
    expect(plays[0]).toMatchObject({ jsonId: 'game-lol', username: 'ali', stationId: 'st-04', stationNumber: 4, endTime: null });
    expect(plays[1]).toMatchObject({ jsonId: 'game-cs2', gameName: 'Counter-Strike 2', durationMinutes: 3, sessionId: ali.sessionId });
    const running = await ok(t.url, adminPlays, { query: { active: 'true' }, token: t.admin });
    expect(running.map((p) => p.jsonId)).toEqual(['game-lol']);
    expect((await call(t.url, adminPlays, { token: ali.accessToken })).status).toBe(403);
  });
});

describe('one open game per session, XP for time played (issue 22)', () => {
  it('a launch of another game closes the open one (app:closed, its XP); an application stays open beside it', async () => {
    const socket = await connectStation(t.url, 2);
    const { ali, body } = await aliAt(2);
    await reportRunning(t.url, 2, ['game-cs2', 'app-discord']);
    await ok(t.url, appLaunched, { body: body('game-cs2'), token: ali.accessToken });
    await ok(t.url, appLaunched, { body: body('app-discord'), token: ali.accessToken });
    await runFor(t.url, t.clock, 2, ['game-cs2', 'app-discord'], 10 * MINUTE);
    await ok(t.url, appLaunched, { body: body('game-valorant'), token: ali.accessToken });
    expect(await socket.next('app:closed')).toMatchObject({ jsonId: 'game-cs2', durationMinutes: 10 });
    expect((await playingNow(t.server.db, ali.user.id, t.clock.now())).map((p) => p.jsonId).sort()).toEqual(['app-discord', 'game-valorant']);
    const awards = await t.server.db.selectFrom('xp_awards').innerJoin('game_plays', 'game_plays.id', 'xp_awards.play_id').select(['game_plays.json_id', 'xp']).execute();
    expect(awards.map((a) => a.json_id)).toEqual(['game-cs2']);
    expect(awards[0]!.xp).toBeGreaterThan(0);
    socket.close();
  });

  it('launches of several games at once leave exactly one open', async () => {
    const { ali, body } = await aliAt(2);
    const games = ['game-cs2', 'game-dota2', 'game-valorant', 'game-lol', 'game-tekken8'];
    await Promise.all(games.map((jsonId) => call(t.url, appLaunched, { body: body(jsonId), token: ali.accessToken })));
    const open = await t.server.db.selectFrom('game_plays').select('json_id').where('session_id', '=', ali.sessionId).where('ended_at', 'is', null).execute();
    expect(open).toHaveLength(1);
  });

  it('an application earns no XP', async () => {
    const { ali, body } = await aliAt(2);
    await ok(t.url, appLaunched, { body: body('app-discord'), token: ali.accessToken });
    await t.clock.advance(30 * MINUTE);
    await ok(t.url, appClosed, { body: body('app-discord'), token: ali.accessToken });
    expect(await t.server.db.selectFrom('xp_awards').selectAll().execute()).toEqual([]);
  });
});

describe('XP only for what the station saw running (issue 22)', () => {
  const playRow = (sessionId: string, jsonId: string) =>
    t.server.db.selectFrom('game_plays').selectAll().where('session_id', '=', sessionId).where('json_id', '=', jsonId).executeTakeFirstOrThrow();

  it('a play is paid for the time the shell reported its process, and a silent shell counts only 3 report periods more', async () => {
    const { ali, body } = await aliAt(2);
    await reportRunning(t.url, 2, ['game-cs2']);
    await ok(t.url, appLaunched, { body: body('game-cs2'), token: ali.accessToken });
    await runFor(t.url, t.clock, 2, ['game-cs2'], 10 * MINUTE);
    await t.clock.advance(30 * MINUTE); // the shell stopped reporting (it crashed, the PC lost the network)
    await ok(t.url, appClosed, { body: body('game-cs2'), token: ali.accessToken });
    const play = await playRow(ali.sessionId, 'game-cs2');
    expect(play.duration_seconds).toBe(40 * 60);
    expect(play.played_seconds).toBe(13 * 60);
    const award = await t.server.db.selectFrom('xp_awards').select('xp').where('play_id', '=', play.id).executeTakeFirstOrThrow();
    expect(award.xp).toBeGreaterThanOrEqual(130); // 13 minutes at 600 XP/h, at least ×1
  });

  it('the shell saying the game is gone closes its play (app:closed) with the time seen', async () => {
    const socket = await connectStation(t.url, 3);
    const { ali, body } = await aliAt(3);
    await reportRunning(t.url, 3, ['game-valorant']);
    await ok(t.url, appLaunched, { body: body('game-valorant'), token: ali.accessToken });
    await runFor(t.url, t.clock, 3, ['game-valorant'], 5 * MINUTE);
    expect(await reportRunning(t.url, 3, [])).toEqual({ stationId: 'st-03', running: [], closedPlays: 1 });
    expect(await socket.next('app:closed')).toMatchObject({ jsonId: 'game-valorant', durationMinutes: 5 });
    expect((await playRow(ali.sessionId, 'game-valorant')).played_seconds).toBe(5 * 60);
    // The kiosk's own app-closed comes after: nothing more to close.
    expect(await ok(t.url, appClosed, { body: body('game-valorant'), token: ali.accessToken })).toEqual({ data: { success: false } });
    socket.close();
  });

  it('a launch the station never reported running is closed after the grace, having earned nothing', async () => {
    const socket = await connectStation(t.url, 2);
    const { ali, body } = await aliAt(2);
    await ok(t.url, appLaunched, { body: body('game-lol'), token: ali.accessToken });
    await socket.next('app:launched');
    await t.clock.advance(2 * MINUTE);
    expect(await socket.next('app:closed')).toMatchObject({ jsonId: 'game-lol' });
    expect((await playRow(ali.sessionId, 'game-lol')).played_seconds).toBe(0);
    expect(await playingNow(t.server.db, ali.user.id, t.clock.now())).toEqual([]);
    expect(await t.server.db.selectFrom('xp_awards').selectAll().execute()).toEqual([]);
    socket.close();
  });

  it('only the station itself reports: a customer token or another station is refused and nothing is recorded', async () => {
    const { ali } = await aliAt(2);
    const path = { params: { stationId: 'st-02' }, body: { jsonIds: ['game-cs2'] } };
    expect((await call(t.url, reportStationRunning, { ...path, token: ali.accessToken })).status).toBe(401);
    expectError(await call(t.url, reportStationRunning, { ...path, credential: stationCredential(t.url, 3) }), 403, 'A station reports only its own running games.');
    expect((await call(t.url, reportStationRunning, { ...path, body: { jsonIds: ['not a game'] } })).status).toBe(400);
    expect(await t.server.db.selectFrom('station_processes').selectAll().execute()).toEqual([]);
  });
});
