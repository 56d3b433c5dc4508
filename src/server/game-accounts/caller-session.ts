/** The caller's own current session: the one their token belongs to, still running. Nothing in a body decides it. */
import type { Caller } from '../auth/guard.js';
import type { ServerContext } from '../context.js';
import type { SessionRow } from '../db/schema.js';
import { forbidden } from '../http/errors.js';

export const NOT_YOUR_SESSION = 'This is not your current session.';
export const NO_SESSION = 'You have no running session at a station.';

export async function currentSession(ctx: Pick<ServerContext, 'sessions'>, caller: Caller): Promise<SessionRow | undefined> {
  const active = await ctx.sessions.activeForUser(caller.userId);
  if (!active) return undefined;
  // A token issued for an earlier session does not speak for a later one.
  if (caller.sessionId && caller.sessionId !== active.id) return undefined;
  return active;
}

/** The caller's current session, which must be `sessionId`; 403 otherwise. */
export async function requireOwnCurrentSession(
  ctx: Pick<ServerContext, 'sessions'>,
  caller: Caller,
  sessionId: string,
): Promise<SessionRow> {
  const session = await currentSession(ctx, caller);
  if (!session) throw forbidden(NO_SESSION);
  if (session.id !== sessionId) throw forbidden(NOT_YOUR_SESSION);
  return session;
}

/** A session of the caller's own (running or ended); staff may name any. 403 otherwise. */
export async function requireOwnSession(
  ctx: Pick<ServerContext, 'db'>,
  caller: Caller,
  sessionId: string,
): Promise<SessionRow> {
  const session = await ctx.db.selectFrom('client_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!session || (session.user_id !== caller.userId && !caller.isStaff)) throw forbidden(NOT_YOUR_SESSION);
  return session;
}
