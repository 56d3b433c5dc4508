/**
 * What every admin route checks after the caller is known (issue 15):
 * - a request from a browser page of another origin is refused, whatever it
 *   carries (the CLI and scripts send no Origin, the console is same-origin);
 * - a console (cookie) session sends its CSRF token on every state-changing call;
 * - an owner's console session without the second factor may only set it up;
 * - the role may call the route (`src/shared/api/permissions.ts`, deny by default).
 */
import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../shared/api/console.js';
import { BEFORE_SECOND_FACTOR, roleMay } from '../../shared/api/permissions.js';
import type { Caller } from './caller.js';
import { forbidden } from '../base/errors.js';
import { csrfMatches } from './console-sessions.js';

export const FOREIGN_ORIGIN = 'Staff actions are accepted only from the console itself (this origin).';
export const CSRF_MISSING = 'The console session token (CSRF) is missing or wrong: reload the console.';
export const OWNER_ONLY = 'This needs the owner role.';
export const ENROL_FIRST = 'Set up your authenticator (two-step sign-in) first.';

/** The page's origin is this server's (the Host it was reached by, or the configured public URL). */
export function sameOrigin(request: FastifyRequest, publicUrl?: () => string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = `${request.protocol}://${request.headers.host ?? ''}`.toLowerCase();
  if (origin.toLowerCase() === own) return true;
  if (!publicUrl) return false;
  try {
    return new URL(publicUrl()).origin.toLowerCase() === origin.toLowerCase();
  } catch {
    return false;
  }
}

export function checkOrigin(request: FastifyRequest, publicUrl?: () => string): void {
  if (!sameOrigin(request, publicUrl)) throw forbidden(FOREIGN_ORIGIN);
  // Browsers that send Fetch Metadata say so even when Origin is absent (e.g. some GETs).
  if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(FOREIGN_ORIGIN);
}

export function checkAdminCaller(request: FastifyRequest, caller: Caller, routeKey: string): void {
  if (caller.via === 'console' && caller.console) {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !csrfMatches(caller.console.csrfToken, request.headers[CSRF_HEADER])) {
      throw forbidden(CSRF_MISSING);
    }
    if (caller.role === 'owner' && !caller.console.secondFactor && !BEFORE_SECOND_FACTOR.has(routeKey)) {
      throw forbidden(ENROL_FIRST);
    }
  }
  if (!caller.role || !roleMay(caller.role, routeKey)) throw forbidden(OWNER_ONLY);
}
