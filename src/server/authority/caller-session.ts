/**
 * The station session behind a customer's token: where they sit, whether they
 * are a guest and which session they may act for come from the session the
 * server started (the token's sessionId), never from a request body or a
 * username prefix. Every domain that acts for "the caller's session" asks here.
 */
import type { Db, SessionRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../base/errors.js';
import type { Caller } from './caller.js';

export const NO_STATION_SESSION = 'This call comes from a station: sign in at a PC first (this login has no station session).';
export const SESSION_ENDED = 'Your session has ended: sign in again.';
export const NOT_YOUR_SESSION = 'This is not your current session.';
export const NO_SESSION = 'You have no running session at a station.';

type WithDb = { db: Db };

/** The caller's running session; 403 for a login without one, 401 once it has ended. */
export async function callerSession(db: Db, caller: Caller): Promise<SessionRow> {
  if (!caller.sessionId) throw forbidden(NO_STATION_SESSION);
  const session = await db.selectFrom('client_sessions').selectAll().where('id', '=', caller.sessionId).executeTakeFirst();
  if (!session || session.user_id !== caller.userId || session.ended_at !== null) throw unauthorized(SESSION_ENDED);
  return session;
}

/** The caller's own current session: the one their token belongs to, still running. */
export async function currentSession(ctx: WithDb, caller: Caller): Promise<SessionRow | undefined> {
  const active = await ctx.db
    .selectFrom('client_sessions')
    .selectAll()
    .where('user_id', '=', caller.userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (!active) return undefined;
  // A token issued for an earlier session does not speak for a later one.
  if (caller.sessionId && caller.sessionId !== active.id) return undefined;
  return active;
}

/** The caller's current session, which must be `sessionId`; 403 otherwise. */
export async function requireOwnCurrentSession(ctx: WithDb, caller: Caller, sessionId: string): Promise<SessionRow> {
  const session = await currentSession(ctx, caller);
  if (!session) throw forbidden(NO_SESSION);
  if (session.id !== sessionId) throw forbidden(NOT_YOUR_SESSION);
  return session;
}

/** A session of the caller's own (running or ended); staff may name any. 403 otherwise. */
export async function requireOwnSession(ctx: WithDb, caller: Caller, sessionId: string): Promise<SessionRow> {
  const session = await ctx.db.selectFrom('client_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!session || (session.user_id !== caller.userId && !caller.isStaff)) throw forbidden(NOT_YOUR_SESSION);
  return session;
}
