/**
 * The staff channel: socket.io namespace /staff (src/shared/socket/staff-events.ts).
 * A connection must present a staff or admin bearer token (`auth: { token }`),
 * checked exactly as the admin REST routes check it; every payload is parsed
 * with its shared schema before it leaves.
 */
import type { FastifyRequest } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import {
  STAFF_NAMESPACE,
  staffHandshakeAuthSchema,
  staffServerToClientSchemas,
  type StaffEvent,
  type StaffPayloads,
} from '../../shared/socket/staff-events.js';
import { authenticate } from '../auth/guard.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../http/errors.js';

export const STAFF_TOKEN_REQUIRED = 'Staff channel: connect with auth { token } holding an admin or staff token.';

export interface StaffChannel {
  emit<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the station namespace's typed io serves /staff too
export function openStaffChannel(io: Server<any, any, any, any>, ctx: Pick<ServerContext, 'db' | 'tokens' | 'log'>): StaffChannel {
  const nsp: Namespace = io.of(STAFF_NAMESPACE);
  nsp.use((socket, next) => {
    const auth = staffHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    if (!auth.success) return next(new Error(STAFF_TOKEN_REQUIRED));
    // The REST guard reads only the Authorization header.
    const request = { headers: { authorization: `Bearer ${auth.data.token}` } } as FastifyRequest;
    authenticate(request, 'admin', ctx).then(
      (caller) => {
        ctx.log.info({ staff: caller?.username, socketId: socket.id }, 'staff tool connected');
        next();
      },
      (error: unknown) => next(new Error(error instanceof HttpError ? error.message : STAFF_TOKEN_REQUIRED)),
    );
  });
  return {
    emit(event, payload) {
      const data = staffServerToClientSchemas[event].parse(payload);
      nsp.emit(event, data);
    },
  };
}
