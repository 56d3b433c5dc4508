/**
 * Resolves the bearer token of a request to a signed-in caller. A token
 * stops working when its session ends (logout, staff, balance) and when the
 * user's password changes; a login held behind a gate (forced password
 * change, top-up) gets a caller limited to what the gate needs.
 */
import type { FastifyRequest } from 'fastify';
import type { RouteAuth } from '../../shared/api/route.js';
import type { Db } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { TokenService } from './tokens.js';

export const STAFF_TYPES: readonly string[] = ['admin', 'staff'];

export type Gate = 'password' | 'top_up';

export const SESSION_OVER = 'Your session has ended: sign in again.';
export const PASSWORD_CHANGED = 'Your password was changed: sign in again.';
export const GATE_MESSAGES: Record<Gate, string> = {
  password: 'Change your password first: until then this login can only change the password.',
  top_up: 'Top up your balance first (at least 100 IQD): until then this login can only top up.',
};

export interface Caller {
  userId: string;
  username: string;
  type: string;
  sessionId: string | null;
  isStaff: boolean;
  /** Set while the caller's login is held behind a gate. */
  gate: Gate | null;
  /** The token's session has ended (only routes that allow it see such a caller). */
  sessionEnded: boolean;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** null for open routes; otherwise the caller, or a thrown 401/403. */
export async function authenticate(
  request: FastifyRequest,
  level: RouteAuth,
  deps: { db: Db; tokens: TokenService },
  /** GET /client-sessions/current answers 404 (SPEC: log out) rather than 401 for a session that ended. */
  options: { endedSessionOk?: boolean } = {},
): Promise<Caller | null> {
  if (level === 'none') return null;
  const token = bearer(request);
  if (!token) throw unauthorized('Missing bearer token: sign in first.');
  const claims = deps.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token: sign in again.');
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'type', 'token_epoch'])
    .where('id', '=', claims.sub)
    .executeTakeFirst();
  if (!user) throw unauthorized('The account for this token no longer exists.');
  let gate: Gate | null = null;
  let sessionEnded = false;
  if (claims.sessionId) {
    const session = await deps.db
      .selectFrom('client_sessions')
      .select(['user_id', 'ended_at', 'gate', 'token_epoch'])
      .where('id', '=', claims.sessionId)
      .executeTakeFirst();
    if (!session || session.user_id !== user.id) throw unauthorized(SESSION_OVER);
    if (session.ended_at !== null) {
      if (!options.endedSessionOk) throw unauthorized(SESSION_OVER);
      sessionEnded = true;
    }
    if (session.token_epoch !== user.token_epoch) throw unauthorized(PASSWORD_CHANGED);
    gate = session.gate === 'password' || session.gate === 'top_up' ? session.gate : null;
  } else if (claims.epoch !== user.token_epoch) {
    throw unauthorized(PASSWORD_CHANGED);
  }
  const caller: Caller = {
    userId: user.id,
    username: user.username,
    type: user.type,
    sessionId: claims.sessionId,
    isStaff: STAFF_TYPES.includes(user.type),
    gate,
    sessionEnded,
  };
  if (level === 'admin' && (!caller.isStaff || gate)) throw forbidden('This action needs an admin or staff account.');
  return caller;
}

/** For 'user' routes: the caller is never null there. */
export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw unauthorized('Missing bearer token: sign in first.');
  return caller;
}
