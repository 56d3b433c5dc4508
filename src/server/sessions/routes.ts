/** SPEC §7 GET /client-sessions/current/:userId (404 means: no active session, log out); staff end a session. */
import type { FastifyInstance } from 'fastify';
import { adminEndSession, currentClientSession } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { forbidden, notFound } from '../base/errors.js';
import { registerRoute } from '../http/route.js';

export function registerSessionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, currentClientSession, async ({ params, caller }) => {
    const me = signedIn(caller);
    if (me.userId !== params.userId && !me.isStaff) throw forbidden('You can only read your own session.');
    // A token only ever sees its own session (a later session of the same user is not its business).
    const found = me.sessionEnded ? undefined : await ctx.sessions.activeForUser(params.userId);
    const active = found && (me.isStaff || !me.sessionId || found.id === me.sessionId) ? found : undefined;
    const settled = active && (await ctx.sessions.settle(active.id));
    if (!settled || settled.session.ended_at) throw notFound('No active session for this user.');
    const { session, user } = settled;
    return {
      sessionId: session.id,
      userId: user.id,
      stationId: session.station_id,
      startTime: session.started_at,
      isPrepaid: session.is_prepaid === 1,
      remainingMinutes: ctx.sessions.balanceOf(session, user, settled.plan).remainingMinutes,
    };
  });

  registerRoute(app, ctx, adminEndSession, async ({ params }) => {
    const ended = await ctx.sessions.endByStaff(params.sessionId);
    return { success: true, message: `Session ${ended.id} ended` };
  });
}
