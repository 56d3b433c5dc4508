/**
 * Issue 22, item 5: XP multiplied with fake plays. One session could keep any
 * number of plays open, each earning XP: six announced launches earned six
 * times the XP of the time played. Now a session has one open play (a new
 * launch closes the previous one) and XP is for time actually played in the
 * session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSessionAt, adminToken, call, loginAt, pause, startEnrolledCafe, tokenOf, userRow, type Cafe, type Enrolled } from './support.js';

/** 60×: a real second is a billing minute. */
const SPEED = 60;
const GAMES = ['game-cs2', 'game-dota2', 'game-valorant', 'game-lol', 'game-gta5-steam', 'game-tekken8'];

describe('attack: XP from fake plays', () => {
  let cafe: Cafe;
  let st1: Enrolled;
  let admin: string;

  beforeAll(async () => {
    ({ cafe, stations: [st1] } = await startEnrolledCafe([1], { clockSpeed: SPEED }));
    admin = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  it('six announced launches keep one play open and earn no more XP than the session lasted', async () => {
    const token = tokenOf(await loginAt(cafe.url, st1, 'ali', 'ali12345'));
    const session = activeSessionAt(cafe.sql, st1.stationId)!;
    const user = userRow(cafe.sql, 'ali')!;
    const xpBefore = (cafe.sql.prepare('select xp from users where id = ?').get(user.id) as { xp: number }).xp;

    for (const jsonId of GAMES) {
      const reply = await call(cafe.url, 'POST', '/game-play-tracking/app-launched', {
        token,
        credential: st1.credential,
        body: { jsonId, sessionId: session.id, userId: user.id, stationId: st1.stationId },
      });
      expect(reply.status, jsonId).toBe(200);
    }
    const open = cafe.sql.prepare('select json_id from game_plays where session_id = ? and ended_at is null').all(session.id) as Array<{ json_id: string }>;
    expect(open.map((p) => p.json_id)).toEqual([GAMES.at(-1)]);

    await pause(3000); // three minutes of server time
    expect((await call(cafe.url, 'POST', `/admin/sessions/${session.id}/end`, { token: admin, body: {} })).status).toBe(200);

    const ended = cafe.sql.prepare('select started_at, ended_at from client_sessions where id = ?').get(session.id) as { started_at: string; ended_at: string };
    const sessionSeconds = (Date.parse(ended.ended_at) - Date.parse(ended.started_at)) / 1000;
    const played = cafe.sql.prepare('select coalesce(sum(duration_seconds), 0) as s from game_plays where session_id = ?').get(session.id) as { s: number };
    expect(played.s).toBeLessThanOrEqual(sessionSeconds);
    const bestMultiplier = (cafe.sql.prepare('select max(xp_multiplier_pct) as pct from tiers').get() as { pct: number }).pct;
    const xpAfter = (cafe.sql.prepare('select xp from users where id = ?').get(user.id) as { xp: number }).xp;
    expect(xpAfter - xpBefore).toBeGreaterThan(0);
    expect(xpAfter - xpBefore).toBeLessThanOrEqual(Math.floor((sessionSeconds * 600 * bestMultiplier) / (3600 * 100)));
  });
});
