/**
 * The station session behind a customer's token: where they sit and whether
 * they are a guest come from the session the server started (the token's
 * sessionId), never from a request body or a username prefix.
 */
import type { Caller } from '../auth/guard.js';
import type { Db, SessionRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';

export const NO_STATION_SESSION = 'This call comes from a station: sign in at a PC first (this login has no station session).';
export const SESSION_ENDED = 'Your session has ended: sign in again.';

/** The caller's running session; 403 for a login without one, 401 once it has ended. */
export async function callerSession(db: Db, caller: Caller): Promise<SessionRow> {
  if (!caller.sessionId) throw forbidden(NO_STATION_SESSION);
  const session = await db.selectFrom('client_sessions').selectAll().where('id', '=', caller.sessionId).executeTakeFirst();
  if (!session || session.user_id !== caller.userId || session.ended_at !== null) throw unauthorized(SESSION_ENDED);
  return session;
}
