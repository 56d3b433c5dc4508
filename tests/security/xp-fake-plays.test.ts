/**
 * Issue 22, item 5: XP multiplied with fake plays. A customer's token could
 * announce launches (POST /game-play-tracking/app-launched) of games that
 * never ran and be paid XP for them: six announced launches earned 66 XP in
 * 66 s. A play now earns XP only for the time the station's shell reported
 * the game's process running (PUT /game-play-tracking/station/:id/running,
 * with the station credential); a play whose process was never seen earns
 * nothing and is closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSessionAt, adminToken, call, loginAt, messageOf, pause, startEnrolledCafe, tokenOf, userRow, type Cafe, type Enrolled } from './support.js';

/** 60×: a real second is a server minute. */
const SPEED = 60;
const FAKES = ['game-dota2', 'game-valorant', 'game-lol', 'game-gta5-steam', 'game-tekken8'];

describe('attack: XP from fake plays', () => {
  let cafe: Cafe;
  let st1: Enrolled;
  let st2: Enrolled;
  let admin: string;

  beforeAll(async () => {
    ({ cafe, stations: [st1, st2] } = await startEnrolledCafe([1, 2], { clockSpeed: SPEED }));
    admin = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  const xpOf = (userId: string) => (cafe.sql.prepare('select xp from users where id = ?').get(userId) as { xp: number }).xp;
  const running = (station: Enrolled, jsonIds: string[], credential = station.credential) =>
    call(cafe.url, 'PUT', `/game-play-tracking/station/${station.stationId}/running`, { credential, body: { jsonIds } });

  async function signIn(station: Enrolled, username: string, password: string) {
    const token = tokenOf(await loginAt(cafe.url, station, username, password));
    const session = activeSessionAt(cafe.sql, station.stationId)!;
    const user = userRow(cafe.sql, username)!;
    const announce = (jsonId: string) =>
      call(cafe.url, 'POST', '/game-play-tracking/app-launched', {
        token,
        credential: station.credential,
        body: { jsonId, sessionId: session.id, userId: user.id, stationId: station.stationId },
      });
    return { token, session, user, announce };
  }

  it('six announced launches of games the station never saw running earn nothing, and those plays are closed', async () => {
    const { session, user, announce } = await signIn(st1, 'ali', 'ali12345');
    const xpBefore = xpOf(user.id);
    for (const jsonId of ['game-cs2', ...FAKES]) expect((await announce(jsonId)).status, jsonId).toBe(200);

    await pause(3000); // three minutes of server time: past the grace a launch has to be seen
    const open = cafe.sql.prepare('select json_id from game_plays where session_id = ? and ended_at is null').all(session.id);
    expect(open).toEqual([]);
    expect((await call(cafe.url, 'POST', `/admin/sessions/${session.id}/end`, { token: admin, body: {} })).status).toBe(200);

    const paid = cafe.sql.prepare('select coalesce(sum(played_seconds), 0) as s from game_plays where session_id = ?').get(session.id) as { s: number };
    expect(paid.s).toBe(0);
    expect(xpOf(user.id)).toBe(xpBefore);
  });

  it('six announced launches earn no more than the one play the station saw running', async () => {
    const { session, user, announce } = await signIn(st2, 'sara', 'sara12345');
    const xpBefore = xpOf(user.id);
    // The shell saw Counter-Strike 2 start; the customer announces five more games, then CS2.
    expect((await running(st2, ['game-cs2'])).status).toBe(200);
    for (const jsonId of [...FAKES, 'game-cs2']) expect((await announce(jsonId)).status, jsonId).toBe(200);
    await pause(2000);
    // The game closes: the shell says so, and the server closes the play.
    expect((await running(st2, [])).status).toBe(200);
    const plays = cafe.sql
      .prepare('select json_id, played_seconds, ended_at from game_plays where session_id = ? order by started_at')
      .all(session.id) as Array<{ json_id: string; played_seconds: number; ended_at: string | null }>;
    expect(plays.every((p) => p.ended_at !== null)).toBe(true);
    expect(plays.filter((p) => p.played_seconds > 0).map((p) => p.json_id)).toEqual(['game-cs2']);
    const cs2 = plays.find((p) => p.json_id === 'game-cs2')!;
    // Two real seconds at 60×: about two minutes played, paid at Sara's tier.
    expect(cs2.played_seconds).toBeGreaterThanOrEqual(100);
    expect(cs2.played_seconds).toBeLessThanOrEqual(200);
    const pct = (cafe.sql.prepare('select max(xp_multiplier_pct) as pct from tiers').get() as { pct: number }).pct;
    const gained = xpOf(user.id) - xpBefore;
    expect(gained).toBeGreaterThan(0);
    expect(gained).toBeLessThanOrEqual(Math.floor((cs2.played_seconds * 600 * pct) / (3600 * 100)));
  });

  it('only the station itself reports its running games: not a customer token, not another station', async () => {
    const { token } = await signIn(st1, 'ali', 'ali12345');
    const asCustomer = await call(cafe.url, 'PUT', `/game-play-tracking/station/${st1.stationId}/running`, { token, body: { jsonIds: ['game-cs2'] } });
    expect(asCustomer.status).toBe(401);
    const asOther = await running(st1, ['game-cs2'], st2.credential);
    expect(asOther.status).toBe(403);
    expect(messageOf(asOther)).toBe('A station reports only its own running games.');
    const rows = cafe.sql.prepare('select count(*) as n from station_processes where station_id = ?').get(st1.stationId) as { n: number };
    expect(rows.n).toBe(0);
  });
});
