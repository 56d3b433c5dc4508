/**
 * The one answer to "may this request call this route?" for the HTTP edge:
 * the route descriptor (src/shared/api) declares who may call it — open,
 * any signed-in customer, staff (roles in shared/api/permissions.ts), which
 * held logins (gates) and whether an ended session still gets through — and
 * this decides it from the request: the station credential, the bearer token
 * or console cookie (disabled accounts, revoked tokens and sessions), the
 * gate, and for the admin surface the origin, CSRF, second factor and role.
 */
import type { FastifyRequest } from 'fastify';
import type { Route } from '../../shared/api/route.js';
import type { Clock } from '../clock/clock.js';
import type { Db, StationRow } from '../db/schema.js';
import { forbidden } from '../base/errors.js';
import { checkAdminCaller, checkOrigin } from './admin-gate.js';
import { authenticate, GATE_MESSAGES, type Caller } from './caller.js';
import { presentedCredential, stationForCredential } from './station-credential.js';
import type { TokenService } from './tokens.js';

export interface AuthorityDeps {
  db: Db;
  tokens: TokenService;
  /** Console sessions expire by it; without one, only bearer tokens sign in. */
  clock?: Clock;
  publicUrl?: () => string;
}

export interface Admitted {
  caller: Caller | null;
  /** The enrolled station whose credential the request presents, if any. */
  station: StationRow | undefined;
  /** Whether a credential was presented at all (valid or not). */
  credentialPresented: boolean;
}

/** The admin surface: same-origin only, roles, CSRF for console sessions, the owner's second factor. */
export const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** The origin check comes before anything else on the admin surface (a foreign page learns nothing). */
export function admitOrigin(request: FastifyRequest, descriptor: Route, deps: AuthorityDeps): void {
  if (isAdminPath(descriptor.path)) checkOrigin(request, deps.publicUrl);
}

/** The station behind the request (its credential), when it presents one. */
export async function admitStation(request: FastifyRequest, deps: AuthorityDeps): Promise<Omit<Admitted, 'caller'>> {
  const credential = presentedCredential(request);
  const station = credential ? await stationForCredential(deps.db, credential) : undefined;
  return { station, credentialPresented: credential !== undefined };
}

/** Who is calling, as far as the descriptor lets them through its door (token, session, gate); a thrown 401/403 otherwise. */
export async function admitCaller(request: FastifyRequest, descriptor: Route, deps: AuthorityDeps): Promise<Caller | null> {
  const caller = await authenticate(request, descriptor.auth, deps, { endedSessionOk: descriptor.endedSession });
  if (caller?.gate && !descriptor.gates.includes(caller.gate)) throw forbidden(GATE_MESSAGES[caller.gate]);
  return caller;
}

/**
 * Whether this known caller may take this staff action (CSRF, the owner's second factor, the role); a thrown 403
 * otherwise. Separate from admitCaller so the edge can audit a refused staff member by name.
 */
export function admitAction(request: FastifyRequest, descriptor: Route, caller: Caller | null): void {
  if (caller && descriptor.auth === 'admin' && isAdminPath(descriptor.path)) {
    checkAdminCaller(request, caller, `${descriptor.method} ${descriptor.path}`);
  }
}
