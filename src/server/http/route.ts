/**
 * Registers a fastify handler from a shared route descriptor. Before the
 * handler runs: the bearer token is checked for 'user'/'admin' routes (401 /
 * 403), then params, query and body are parsed with the descriptor's zod
 * schemas (400 with a readable message; the handler, and so any write, never
 * runs). The handler's answer is parsed with the response schema, so the
 * server cannot send what the contract does not allow.
 *
 * Admin routes (issue 15) also refuse a page of another origin, check the
 * role against `shared/api/permissions.ts`, want the CSRF token of a console
 * session, and leave an audit line for every state-changing call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { Route } from '../../shared/api/route.js';
import { admitAction, admitCaller, admitOrigin, admitStation, isAdminPath, type AuthorityDeps } from '../authority/admit.js';
import type { AuditPending, AuditSink } from '../authority/audit.js';
import type { Caller } from '../authority/caller.js';
import { BAD_CREDENTIAL, NOT_ENROLLED } from '../authority/station-credential.js';
import type { StationRow } from '../db/schema.js';
import { BUDGETS, type Budgets } from './budgets.js';
import { badRequest, HttpError } from '../base/errors.js';

export interface RouteContext<T extends Route> {
  params: z.output<T['params']>;
  query: z.output<T['query']>;
  body: z.output<T['body']>;
  /** null on 'none' routes. */
  caller: Caller | null;
  /** The enrolled station whose credential the request presents (X-Station-Credential), if any. */
  station: StationRow | undefined;
  /** Whether a credential was presented at all (valid or not). */
  credentialPresented: boolean;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<T extends Route> = (
  ctx: RouteContext<T>,
) => Promise<z.input<T['response']>> | z.input<T['response']>;

export interface RouteDeps extends AuthorityDeps {
  budgets: Budgets;
  /** Where staff actions are written (issue 15); absent in bare test apps. */
  audit?: AuditSink;
}

/** An admin call's audit line: begun before the action, finished with its outcome. */
interface Seen {
  audited: boolean;
  pending: AuditPending | null;
  result?: unknown;
}

function parsePart<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(`Invalid ${part}: ${z.prettifyError(result.error)}`);
  return result.data;
}

export function registerRoute<T extends Route>(
  app: FastifyInstance,
  deps: RouteDeps,
  descriptor: T,
  handler: RouteHandler<T>,
  options: Pick<RouteShorthandOptions, 'config'> = {},
): void {
  app.route({
    method: descriptor.method,
    url: descriptor.path,
    ...options,
    handler: async (request, reply) => {
      if (!isAdminPath(descriptor.path)) return handle(request, reply);
      admitOrigin(request, descriptor, deps);
      // Every state-changing staff call, and the reads of secrets and customers' details (issue 22), is audited.
      const seen: Seen = { audited: descriptor.auth === 'admin' && (descriptor.method !== 'GET' || descriptor.auditRead), pending: null };
      try {
        // On success handle() finishes the line itself, before the answer leaves (and clears seen.pending).
        return await handle(request, reply, seen);
      } catch (error) {
        // The action threw: its line is finished with the refusal before the error's answer is sent (once: a
        // line handle() already finished is no longer pending).
        await seen.pending?.finish({
          statusCode: error instanceof HttpError ? error.statusCode : 500,
          error: error instanceof Error ? error.message : String(error),
          ...(error instanceof HttpError && typeof error.details.code === 'string' ? { errorCode: error.details.code } : {}),
        });
        throw error;
      }
    },
  });

  async function handle(request: FastifyRequest, reply: FastifyReply, seen?: Seen) {
    const { station, credentialPresented } = await admitStation(request, deps);
    // Every open route has a floor budget (per station, else per IP); the handlers add their specific ones.
    if (descriptor.auth === 'none') {
      await deps.budgets.take(BUDGETS.openIp, station ? `station:${station.id}` : request.ip, 'Too many requests.');
    }
    const caller = await admitCaller(request, descriptor, deps);
    // A staff action's audit line is written before it runs (by a known caller only); no line, no action.
    if (seen?.audited && caller && deps.audit) {
      seen.pending = await deps.audit.begin({
        caller: { ...caller, userId: caller.userId },
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        // A read's line also says what was asked for (a search's words, how many lines).
        params: { ...((descriptor.method === 'GET' ? request.query : {}) as Record<string, unknown>), ...((request.params ?? {}) as Record<string, unknown>) },
        body: request.body,
        ip: request.ip ?? null,
      });
    }
    admitAction(request, descriptor, caller);
    const params = parsePart<T['params']>(descriptor.params, request.params ?? {}, 'path parameters');
    const query = parsePart<T['query']>(descriptor.query, request.query ?? {}, 'query');
    const body = parsePart<T['body']>(descriptor.body, request.body ?? {}, 'body');
    const answer = await handler({
      params,
      query,
      body,
      caller,
      station,
      credentialPresented,
      request,
      reply,
    });
    const checked = descriptor.response.safeParse(answer);
    if (!checked.success) {
      request.log.error(
        { route: descriptor.path, issues: z.prettifyError(checked.error) },
        'handler answer does not match the route response schema',
      );
      throw new HttpError(500, 'Internal server error');
    }
    // A read's line says who read what, never what was read.
    if (seen && descriptor.method !== 'GET') seen.result = checked.data;
    // The line is finished before the answer leaves, so whoever reads the log after the answer (a console, the
    // owner) sees its outcome, never a line still 'started'. finish() never throws: it logs what it could not write.
    if (seen?.pending) {
      const pending = seen.pending;
      seen.pending = null;
      await pending.finish({ statusCode: reply.statusCode, result: seen.result });
    }
    return reply.send(checked.data);
  }
}

/** The enrolled station behind a request; 401 with a message when it presents no valid credential. */
export function enrolledStation(ctx: Pick<RouteContext<Route>, 'station' | 'credentialPresented'>): StationRow {
  if (ctx.station) return ctx.station;
  throw new HttpError(401, ctx.credentialPresented ? BAD_CREDENTIAL : NOT_ENROLLED);
}
