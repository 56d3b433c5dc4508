/**
 * SPEC §7 play tracking. The body names jsonId, sessionId, userId and
 * stationId; the server believes only the token: the session must be the
 * caller's own (running, for a launch) and the user and station must be that
 * session's, or the call is refused. XP pays only the time the station's
 * shell reported the game's process running (issue 22): the station reports
 * it with its credential (PUT …/station/:stationId/running), and a launch it
 * never reported is closed after UNSEEN_PLAY_GRACE_MS, having earned nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { GamePlayTracking } from '../../shared/entities.js';
import { appClosed, appLaunched, playHistory, reportStationRunning } from '../../shared/api/routes.js';
import { signedIn, type Caller } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { SessionRow } from '../db/schema.js';
import { requireStation } from '../authority/station-credential.js';
import { forbidden, notFound } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { requireOwnCurrentSession, requireOwnSession } from '../authority/caller-session.js';
import { awardAndPublish } from './xp-awards.js';
import { catalogueGame, history, isOpen, openPlays, recordClose, recordLaunch, type GamePlayRow } from './plays.js';
import { recordRunning, staleMsFor, wasSeen } from './processes.js';

export const NOT_YOUR_HISTORY = 'You can only read your own game play history.';
export const BODY_MISMATCH = 'userId and stationId must be those of your session.';

export const OTHER_STATION_RUNNING = 'A station reports only its own running games.';

export const DEFAULT_HISTORY_LIMIT = 10;

/**
 * A launch the station has not reported running within this long (clock
 * time) is closed, having earned nothing (issue 22). The shell reports a
 * process as it appears, and the kiosk announces the launch 10 s later, so an
 * honest launch is seen before it is announced.
 */
export const UNSEEN_PLAY_GRACE_MS = 90_000;

function sameParties(body: GamePlayTracking, session: SessionRow): void {
  if (body.userId !== session.user_id || body.stationId !== session.station_id) throw forbidden(BODY_MISMATCH);
}

/** The app:launched payload; app:closed adds the end to it. */
function launchedPayload(play: GamePlayRow) {
  return {
    jsonId: play.json_id,
    gameName: play.game_name,
    userId: play.user_id,
    sessionId: play.session_id,
    stationId: play.station_id,
    startTime: play.started_at,
  };
}

function emitClosed(ctx: ServerContext, closed: GamePlayRow[]): void {
  for (const play of closed) {
    ctx.events.emit(play.station_id, 'app:closed', {
      ...launchedPayload(play),
      endTime: play.ended_at,
      durationMinutes: play.duration_seconds === null ? null : Math.floor(play.duration_seconds / 60),
    });
  }
}

export function registerPlayTrackingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const staleMs = staleMsFor(ctx.clock);

  /** Closes plays (announced and awarded): XP for the time the station saw each running. */
  const close = async (sessionId: string, jsonId: string | null, notAfter: string | null) => {
    const closed = await recordClose(ctx.db, sessionId, jsonId, isoNow(ctx.clock), notAfter, staleMs);
    emitClosed(ctx, closed);
    await awardAndPublish(ctx, closed);
    return closed;
  };

  /** After the grace, a play whose game the station never reported running is closed (it earns nothing). */
  const closeIfNeverSeen = (play: GamePlayRow) => {
    const timer = ctx.clock.setInterval(async () => {
      ctx.clock.clearInterval(timer);
      try {
        if (!(await isOpen(ctx.db, play.id))) return;
        if (await wasSeen(ctx.db, play.station_id, play.json_id, play.started_at, isoNow(ctx.clock), staleMs)) return;
        await close(play.session_id, play.json_id, null);
      } catch (error) {
        app.log.warn({ err: error, playId: play.id }, 'closing an unseen play failed');
      }
    }, UNSEEN_PLAY_GRACE_MS);
  };

  ctx.sessions.onEnded(async (ended) => {
    await close(ended.id, null, ended.ended_at ?? isoNow(ctx.clock));
  });

  registerRoute(app, ctx, appLaunched, async ({ body, caller }) => {
    const session = await requireOwnCurrentSession(ctx, signedIn(caller), body.sessionId);
    sameParties(body, session);
    const game = await catalogueGame(ctx.db, body.jsonId);
    if (!game) throw notFound(`Unknown game: ${body.jsonId}`);
    const { play, created, closed } = await recordLaunch(ctx.db, session, { jsonId: game.json_id, name: game.name }, isoNow(ctx.clock), staleMs);
    // One open play per session: the game that was open is closed (and earns its time) first.
    emitClosed(ctx, closed);
    await awardAndPublish(ctx, closed);
    if (created) {
      ctx.events.emit(session.station_id, 'app:launched', launchedPayload(play));
      closeIfNeverSeen(play);
    }
    return { data: { success: true } };
  });

  // The station's shell: what runs on it now. Plays whose process is gone, or never appeared, are closed.
  registerRoute(app, ctx, reportStationRunning, async ({ params, body, request }) => {
    const station = await requireStation(ctx, request);
    if (station.id !== params.stationId) throw forbidden(OTHER_STATION_RUNNING);
    const now = isoNow(ctx.clock);
    const running = await recordRunning(ctx.db, station.id, body.jsonIds, now, staleMs);
    let closedPlays = 0;
    const session = await ctx.sessions.activeForStation(station.id);
    if (session) {
      const open = await openPlays(ctx.db, session.id);
      const graceOver = (play: GamePlayRow) => Date.parse(now) - Date.parse(play.started_at) >= UNSEEN_PLAY_GRACE_MS;
      for (const play of open) {
        if (running.includes(play.json_id)) continue;
        if (graceOver(play) || (await wasSeen(ctx.db, station.id, play.json_id, play.started_at, now, staleMs))) {
          closedPlays += (await close(session.id, play.json_id, null)).length;
        }
      }
    }
    return { stationId: station.id, running, closedPlays };
  });

  registerRoute(app, ctx, appClosed, async ({ body, caller }) => {
    const session = await requireOwnSession(ctx, signedIn(caller), body.sessionId);
    sameParties(body, session);
    // XP for the time played (issue 13), once per play; the station hears its new XP and level.
    const closed = await close(session.id, body.jsonId, session.ended_at);
    return { data: { success: closed.length > 0 } };
  });

  registerRoute(app, ctx, playHistory, async ({ params, query, caller }) => {
    const who: Caller = signedIn(caller);
    if (params.userId !== who.userId && !who.isStaff) throw forbidden(NOT_YOUR_HISTORY);
    return history(ctx.db, params.userId, query.limit ?? DEFAULT_HISTORY_LIMIT);
  });
}
