/**
 * What is played: one row per launch of a game in a session, closed by the
 * station's app-closed or when the session ends. History and "playing now"
 * (presence for the friends hub) read these rows.
 */
import { randomBytes } from 'node:crypto';
import type { CurrentlyPlaying } from '../../shared/api/games.js';
import type { GamePlayHistoryItem } from '../../shared/entities.js';
import type { Db, SessionRow } from '../db/schema.js';
import type { GamePlayTable } from '../db/tables/games-server.js';
import type { Selectable } from 'kysely';
import { seenSeconds } from './processes.js';

export type GamePlayRow = Selectable<GamePlayTable>;

const minutes = (seconds: number) => Math.floor(seconds / 60);

/** SPEC §9: `game-` entries are games; the rest (apps, launchers, peripherals) are applications. */
export const isGamePlay = (jsonId: string) => jsonId.startsWith('game-');

function secondsBetween(startIso: string, endIso: string): number {
  return Math.max(0, Math.floor((Date.parse(endIso) - Date.parse(startIso)) / 1000));
}

/**
 * Opens a play; a repeated launch of the game already open in the session
 * returns the open row. A session has one open game (issue 22): a launch of
 * another game first closes the one that was open (returned in `closed`, to
 * be announced and awarded), and a unique index on the open game play of a
 * session (migration 0014) keeps two launches at once from both opening one.
 * Applications (Discord, a browser: not `game-`) run beside a game, earn no
 * XP, and are one open play each.
 */
export async function recordLaunch(
  db: Db,
  session: SessionRow,
  game: { jsonId: string; name: string },
  now: string,
  staleMs: number,
): Promise<{ play: GamePlayRow; created: boolean; closed: GamePlayRow[] }> {
  const closed: GamePlayRow[] = [];
  for (let attempt = 0; ; attempt++) {
    const open = await db
      .selectFrom('game_plays')
      .selectAll()
      .where('session_id', '=', session.id)
      .where('ended_at', 'is', null)
      .execute();
    const same = open.find((p) => p.json_id === game.jsonId);
    if (same) return { play: same, created: false, closed };
    if (isGamePlay(game.jsonId)) {
      for (const other of open.filter((p) => isGamePlay(p.json_id))) {
        closed.push(...(await recordClose(db, session.id, other.json_id, now, null, staleMs)));
      }
    }
    const play: GamePlayRow = {
      id: `gpl_${randomBytes(8).toString('hex')}`,
      user_id: session.user_id,
      session_id: session.id,
      station_id: session.station_id,
      json_id: game.jsonId,
      game_name: game.name,
      started_at: now,
      ended_at: null,
      duration_seconds: null,
      played_seconds: null,
    };
    try {
      await db.insertInto('game_plays').values(play).execute();
      return { play, created: true, closed };
    } catch (error) {
      // Another launch of this session opened a play meanwhile: look again (it may be this game).
      if (attempt >= 2) throw error;
    }
  }
}

/**
 * Closes the session's open plays (of one game, or all); returns the closed
 * rows. A play never runs past `notAfter` (the session's end): XP is for time
 * played in the session. Its `played_seconds` — what XP pays for — is the part
 * of it the station saw the game's process running (issue 22); applications
 * play 0.
 */
export async function recordClose(
  db: Db,
  sessionId: string,
  jsonId: string | null,
  now: string,
  notAfter: string | null,
  staleMs: number,
): Promise<GamePlayRow[]> {
  let query = db.selectFrom('game_plays').selectAll().where('session_id', '=', sessionId).where('ended_at', 'is', null);
  if (jsonId !== null) query = query.where('json_id', '=', jsonId);
  const open = await query.execute();
  const closed: GamePlayRow[] = [];
  const end = notAfter !== null && Date.parse(notAfter) < Date.parse(now) ? notAfter : now;
  for (const play of open) {
    const endedAt = Date.parse(end) < Date.parse(play.started_at) ? play.started_at : end;
    const duration = secondsBetween(play.started_at, endedAt);
    const played = isGamePlay(play.json_id) ? Math.min(duration, await seenSeconds(db, play.station_id, play.json_id, play.started_at, endedAt, staleMs)) : 0;
    const row = { ...play, ended_at: endedAt, duration_seconds: duration, played_seconds: played };
    const done = await db
      .updateTable('game_plays')
      .set({ ended_at: row.ended_at, duration_seconds: row.duration_seconds, played_seconds: row.played_seconds })
      .where('id', '=', play.id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) closed.push(row);
  }
  return closed;
}

/** Whether a play is still open. */
export async function isOpen(db: Db, playId: string): Promise<boolean> {
  const row = await db.selectFrom('game_plays').select(['ended_at']).where('id', '=', playId).executeTakeFirst();
  return row !== undefined && row.ended_at === null;
}

/** A session's open plays. */
export function openPlays(db: Db, sessionId: string): Promise<GamePlayRow[]> {
  return db.selectFrom('game_plays').selectAll().where('session_id', '=', sessionId).where('ended_at', 'is', null).execute();
}

export function historyItem(play: GamePlayRow): GamePlayHistoryItem {
  return {
    id: play.id,
    jsonId: play.json_id,
    gameName: play.game_name,
    startTime: play.started_at,
    endTime: play.ended_at,
    durationMinutes: play.duration_seconds === null ? null : minutes(play.duration_seconds),
  };
}

/** A user's plays, newest first. */
export async function history(db: Db, userId: string, limit: number): Promise<GamePlayHistoryItem[]> {
  const rows = await db
    .selectFrom('game_plays')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(historyItem);
}

/** What the user is playing now (open plays of a running session): presence for the friends hub. */
export async function playingNow(db: Db, userId: string, nowMs: number): Promise<CurrentlyPlaying[]> {
  const rows = await db
    .selectFrom('game_plays')
    .innerJoin('client_sessions', 'client_sessions.id', 'game_plays.session_id')
    .selectAll('game_plays')
    .where('game_plays.user_id', '=', userId)
    .where('game_plays.ended_at', 'is', null)
    .where('client_sessions.ended_at', 'is', null)
    .orderBy('game_plays.started_at', 'desc')
    .execute();
  return rows.map((play) => ({
    jsonId: play.json_id,
    name: play.game_name,
    startTime: play.started_at,
    elapsedTimeMinutes: minutes(Math.max(0, Math.floor((nowMs - Date.parse(play.started_at)) / 1000))),
  }));
}

/** The newest plays with who and where (the operator's list); only the open ones when asked. */
export function recentPlays(db: Db, limit: number, activeOnly: boolean) {
  let select = db
    .selectFrom('game_plays')
    .leftJoin('users', 'users.id', 'game_plays.user_id')
    .leftJoin('stations', 'stations.id', 'game_plays.station_id')
    .selectAll('game_plays')
    .select(['users.username as username', 'stations.number as station_number'])
    .orderBy('game_plays.started_at', 'desc')
    .orderBy('game_plays.id', 'desc')
    .limit(limit);
  if (activeOnly) select = select.where('game_plays.ended_at', 'is', null);
  return select.execute();
}

/** A catalogue game by its Json_ID (a launch names one). */
export function catalogueGame(db: Db, jsonId: string) {
  return db.selectFrom('games').select(['json_id', 'name']).where('json_id', '=', jsonId).executeTakeFirst();
}
