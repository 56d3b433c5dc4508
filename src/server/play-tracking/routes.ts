/**
 * SPEC §7 play tracking. The body names jsonId, sessionId, userId and
 * stationId; the server believes only the token: the session must be the
 * caller's own (running, for a launch) and the user and station must be that
 * session's, or the call is refused.
 */
import type { FastifyInstance } from 'fastify';
import type { GamePlayTracking } from '../../shared/entities.js';
import { appClosed, appLaunched, playHistory } from '../../shared/api/routes.js';
import { signedIn, type Caller } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { SessionRow } from '../db/schema.js';
import { forbidden, notFound } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { requireOwnCurrentSession, requireOwnSession } from '../authority/caller-session.js';
import { awardAndPublish } from './xp-awards.js';
import { catalogueGame, history, recordClose, recordLaunch, type GamePlayRow } from './plays.js';

export const NOT_YOUR_HISTORY = 'You can only read your own game play history.';
export const BODY_MISMATCH = 'userId and stationId must be those of your session.';

export const DEFAULT_HISTORY_LIMIT = 10;

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
  ctx.sessions.onEnded(async (ended) => {
    const closed = await recordClose(ctx.db, ended.id, null, ended.ended_at ?? isoNow(ctx.clock), ended.ended_at);
    emitClosed(ctx, closed);
    await awardAndPublish(ctx, closed);
  });

  registerRoute(app, ctx, appLaunched, async ({ body, caller }) => {
    const session = await requireOwnCurrentSession(ctx, signedIn(caller), body.sessionId);
    sameParties(body, session);
    const game = await catalogueGame(ctx.db, body.jsonId);
    if (!game) throw notFound(`Unknown game: ${body.jsonId}`);
    const { play, created, closed } = await recordLaunch(ctx.db, session, { jsonId: game.json_id, name: game.name }, isoNow(ctx.clock));
    // One open play per session: the game that was open is closed (and earns its time) first.
    emitClosed(ctx, closed);
    await awardAndPublish(ctx, closed);
    if (created) ctx.events.emit(session.station_id, 'app:launched', launchedPayload(play));
    return { data: { success: true } };
  });

  registerRoute(app, ctx, appClosed, async ({ body, caller }) => {
    const session = await requireOwnSession(ctx, signedIn(caller), body.sessionId);
    sameParties(body, session);
    const closed = await recordClose(ctx.db, session.id, body.jsonId, isoNow(ctx.clock), session.ended_at);
    emitClosed(ctx, closed);
    // XP for the play time (issue 13), once per play; the station hears its new XP and level.
    await awardAndPublish(ctx, closed);
    return { data: { success: closed.length > 0 } };
  });

  registerRoute(app, ctx, playHistory, async ({ params, query, caller }) => {
    const who: Caller = signedIn(caller);
    if (params.userId !== who.userId && !who.isStaff) throw forbidden(NOT_YOUR_HISTORY);
    return history(ctx.db, params.userId, query.limit ?? DEFAULT_HISTORY_LIMIT);
  });
}
