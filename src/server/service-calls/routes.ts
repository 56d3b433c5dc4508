/**
 * Service calls (SPEC §7): POST /service-calls/client and /service-calls/guest for the customer at a station, and
 * the staff's list, acknowledge and resolve. Each handler parses, calls the service once, and answers.
 */
import type { FastifyInstance } from 'fastify';
import {
  adminAcknowledgeServiceCall,
  adminResolveServiceCall,
  adminServiceCalls,
  serviceCallClient,
  serviceCallGuest,
} from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { ServiceCallService } from './service.js';

/** A 429 also carries the standard Retry-After header. */
function retryAfter(reply: { header(name: string, value: string): unknown }, error: unknown): never {
  if (error instanceof HttpError && typeof error.details.retryAfterSeconds === 'number') {
    reply.header('retry-after', String(error.details.retryAfterSeconds));
  }
  throw error;
}

export function registerServiceCallRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const calls = new ServiceCallService(ctx);
  registerRoute(app, ctx, serviceCallClient, ({ caller, body, reply, station }) =>
    calls.place(signedIn(caller), body, false, station).catch((error: unknown) => retryAfter(reply, error)),
  );
  registerRoute(app, ctx, serviceCallGuest, ({ caller, body, reply, station }) =>
    calls.place(signedIn(caller), body, true, station).catch((error: unknown) => retryAfter(reply, error)),
  );
  registerRoute(app, ctx, adminServiceCalls, ({ query }) => calls.list(query.status, query.limit));
  registerRoute(app, ctx, adminAcknowledgeServiceCall, ({ params, caller }) => calls.acknowledge(params.id, signedIn(caller).username));
  registerRoute(app, ctx, adminResolveServiceCall, ({ params, caller }) => calls.resolve(params.id, signedIn(caller).username));
}
