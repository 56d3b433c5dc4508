/**
 * Resolves the bearer token of a request to a signed-in caller. A token
 * stops working when its session ends (logout, staff, balance) and when the
 * user's password changes; a login held behind a gate (forced password
 * change, top-up) gets a caller limited to what the gate needs.
 */
import type { FastifyRequest } from 'fastify';
import { CONSOLE_COOKIE, type StaffRole } from '../../shared/api/console.js';
import { ACCOUNT_DISABLED } from '../../shared/api/desk.js';
import type { LoginGate, RouteAuth } from '../../shared/api/route.js';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import { findConsoleSession, type ConsoleSessionRecord } from './console-sessions.js';
import { forbidden, unauthorized } from '../base/errors.js';
import type { TokenService } from './tokens.js';

export const STAFF_TYPES: readonly string[] = ['admin', 'staff'];

/** users.type → console role: 'admin' accounts are the cafe's owners. */
export function staffRole(type: string): StaffRole | null {
  return type === 'admin' ? 'owner' : type === 'staff' ? 'staff' : null;
}

export type Gate = LoginGate;

export const STATION_LOGIN_NOT_STAFF =
  'A sign-in at a station is a customer login: staff actions need the console (or POST /admin/login with the second factor).';
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
  /** owner | staff for staff accounts; null for customers and guests. */
  role: StaffRole | null;
  /** How an admin caller signed in: a bearer token (CLI, scripts) or the console's cookie session. */
  via: 'bearer' | 'console';
  /** The console session behind the cookie (via 'console' only). */
  console: ConsoleSessionRecord | null;
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
  deps: { db: Db; tokens: TokenService; clock?: Clock },
  /** GET /client-sessions/current answers 404 (SPEC: log out) rather than 401 for a session that ended. */
  options: { endedSessionOk?: boolean } = {},
): Promise<Caller | null> {
  if (level === 'none') return null;
  const token = bearer(request);
  // The console's cookie is good for admin routes only: it never acts as a customer or a station.
  if (!token && level === 'admin' && deps.clock) {
    const cookie = (request as { cookies?: Record<string, string | undefined> }).cookies?.[CONSOLE_COOKIE];
    if (cookie) return consoleCaller(deps.db, deps.clock, cookie);
  }
  if (!token) throw unauthorized('Missing bearer token: sign in first.');
  const claims = deps.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token: sign in again.');
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'type', 'token_epoch', 'disabled_at'])
    .where('id', '=', claims.sub)
    .executeTakeFirst();
  if (!user) throw unauthorized('The account for this token no longer exists.');
  // Disabling also moved token_epoch on; this says why in words (issue 15).
  if (user.disabled_at) throw unauthorized(ACCOUNT_DISABLED);
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
    // A sign-in at a station is a customer-door login, whoever signs in: it never carries staff power.
    isStaff: !claims.sessionId && STAFF_TYPES.includes(user.type),
    gate,
    sessionEnded,
    role: claims.sessionId ? null : staffRole(user.type),
    via: 'bearer',
    console: null,
  };
  if (level === 'admin' && claims.sessionId && STAFF_TYPES.includes(user.type)) throw forbidden(STATION_LOGIN_NOT_STAFF);
  if (level === 'admin' && (!caller.isStaff || gate)) throw forbidden('This action needs an admin or staff account.');
  return caller;
}

export const CONSOLE_SIGNED_OUT = 'Your console session has ended: sign in again.';

async function consoleCaller(db: Db, clock: Clock, cookie: string): Promise<Caller> {
  const record = await findConsoleSession(db, clock, cookie);
  if (!record) throw unauthorized(CONSOLE_SIGNED_OUT);
  const user = await db.selectFrom('users').select(['id', 'username', 'type', 'disabled_at']).where('id', '=', record.userId).executeTakeFirst();
  const role = user ? staffRole(user.type) : null;
  if (!user || !role) throw unauthorized(CONSOLE_SIGNED_OUT);
  if (user.disabled_at) throw unauthorized(ACCOUNT_DISABLED);
  return {
    userId: user.id,
    username: user.username,
    type: user.type,
    sessionId: null,
    isStaff: true,
    gate: null,
    sessionEnded: false,
    role,
    via: 'console',
    console: record,
  };
}

/** The account class comes from the authoritative `type` column, never from the name. */
export function isGuestUser(user: { type: string }): boolean {
  return user.type === 'guest';
}

/** The clear refusal a disabled account gets at every sign-in (issue 15). */
export function refuseDisabled(user: { disabled_at: string | null }): void {
  if (user.disabled_at) throw forbidden(ACCOUNT_DISABLED);
}

/** For 'user' routes: the caller is never null there. */
export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw unauthorized('Missing bearer token: sign in first.');
  return caller;
}
