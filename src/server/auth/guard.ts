/** Resolves the bearer token of a request to a signed-in caller. */
import type { FastifyRequest } from 'fastify';
import type { RouteAuth } from '../../shared/api/route.js';
import type { Db } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { TokenService } from './tokens.js';

export const STAFF_TYPES: readonly string[] = ['admin', 'staff'];

export interface Caller {
  userId: string;
  username: string;
  type: string;
  sessionId: string | null;
  isStaff: boolean;
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
): Promise<Caller | null> {
  if (level === 'none') return null;
  const token = bearer(request);
  if (!token) throw unauthorized('Missing bearer token: sign in first.');
  const claims = deps.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token: sign in again.');
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'type'])
    .where('id', '=', claims.sub)
    .executeTakeFirst();
  if (!user) throw unauthorized('The account for this token no longer exists.');
  const caller: Caller = {
    userId: user.id,
    username: user.username,
    type: user.type,
    sessionId: claims.sessionId,
    isStaff: STAFF_TYPES.includes(user.type),
  };
  if (level === 'admin' && !caller.isStaff) throw forbidden('This action needs an admin or staff account.');
  return caller;
}

/** For 'user' routes: the caller is never null there. */
export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw unauthorized('Missing bearer token: sign in first.');
  return caller;
}
