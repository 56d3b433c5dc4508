/**
 * Registers a fastify handler from a shared route descriptor. Before the
 * handler runs: the bearer token is checked for 'user'/'admin' routes (401 /
 * 403), then params, query and body are parsed with the descriptor's zod
 * schemas (400 with a readable message; the handler, and so any write, never
 * runs). The handler's answer is parsed with the response schema, so the
 * server cannot send what the contract does not allow.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { Route } from '../../shared/api/route.js';
import { authenticate, type Caller } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import type { TokenService } from '../auth/tokens.js';
import { badRequest, HttpError } from './errors.js';

export interface RouteContext<T extends Route> {
  params: z.output<T['params']>;
  query: z.output<T['query']>;
  body: z.output<T['body']>;
  /** null on 'none' routes. */
  caller: Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<T extends Route> = (
  ctx: RouteContext<T>,
) => Promise<z.input<T['response']>> | z.input<T['response']>;

export interface RouteDeps {
  db: Db;
  tokens: TokenService;
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
      const caller = await authenticate(request, descriptor.auth, deps);
      const params = parsePart<T['params']>(descriptor.params, request.params ?? {}, 'path parameters');
      const query = parsePart<T['query']>(descriptor.query, request.query ?? {}, 'query');
      const body = parsePart<T['body']>(descriptor.body, request.body ?? {}, 'body');
      const answer = await handler({ params, query, body, caller, request, reply });
      const checked = descriptor.response.safeParse(answer);
      if (!checked.success) {
        request.log.error(
          { route: descriptor.path, issues: z.prettifyError(checked.error) },
          'handler answer does not match the route response schema',
        );
        throw new HttpError(500, 'Internal server error');
      }
      return reply.send(checked.data);
    },
  });
}
