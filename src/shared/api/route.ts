/** A typed HTTP route descriptor: one source of truth for client and server. */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** none: open; user: any signed-in user or guest; admin: staff/admin token. */
export type RouteAuth = 'none' | 'user' | 'admin';
/** Why a login is held (a forced password change, a top-up below the minimum): it may call only the routes that name its gate. */
export type LoginGate = 'password' | 'top_up';

export interface Route<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Express-style path: /games/station/:stationId */
  path: string;
  auth: RouteAuth;
  /** The gates whose held logins may still call this route (the gate modals' calls); none: a held login is refused. */
  gates: readonly LoginGate[];
  /** A token whose session has ended still reaches the handler (which answers the SPEC's log-out signal). */
  endedSession: boolean;
  /**
   * A staff read of secrets or a customer's details (issue 22): it leaves an audit line like an
   * action — who, what, when; never the answer — written before the answer, and no line, no answer.
   */
  auditRead: boolean;
  params: P;
  query: Q;
  body: B;
  response: R;
}

const empty = z.object({});
type Empty = typeof empty;

/** Declares a descriptor and nothing else, so a bundler may drop one nobody calls. */
/*#__NO_SIDE_EFFECTS__*/
export function route<
  P extends z.ZodType = Empty,
  Q extends z.ZodType = Empty,
  B extends z.ZodType = Empty,
  R extends z.ZodType = z.ZodType,
>(def: {
  method: HttpMethod;
  path: string;
  auth: RouteAuth;
  gates?: readonly LoginGate[];
  endedSession?: boolean;
  auditRead?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}): Route<P, Q, B, R> {
  return {
    method: def.method,
    path: def.path,
    auth: def.auth,
    gates: def.gates ?? [],
    endedSession: def.endedSession ?? false,
    auditRead: def.auditRead ?? false,
    params: (def.params ?? empty) as P,
    query: (def.query ?? empty) as Q,
    body: (def.body ?? empty) as B,
    response: def.response,
  };
}

export type RouteParams<T extends Route> = z.input<T['params']>;
export type RouteQuery<T extends Route> = z.input<T['query']>;
export type RouteBody<T extends Route> = z.input<T['body']>;
export type RouteResponse<T extends Route> = z.output<T['response']>;

/** Fill the :params of a route's path, URL-encoding each value. */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The body of every error response the server sends. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
