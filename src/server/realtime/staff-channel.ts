/**
 * The staff channel: socket.io namespace /staff (src/shared/socket/staff-events.ts).
 * A connection presents a staff or admin bearer token (`auth: { token }`), or —
 * the console, same origin — its session cookie; either is checked exactly as
 * the admin REST routes check it. Every payload is parsed with its shared
 * schema before it leaves.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { CONSOLE_COOKIE } from '../../shared/api/console.js';
import {
  STAFF_NAMESPACE,
  staffHandshakeAuthSchema,
  staffServerToClientSchemas,
  type StaffEvent,
  type StaffPayloads,
} from '../../shared/socket/staff-events.js';
import { authenticate } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../http/errors.js';

export const STAFF_TOKEN_REQUIRED = 'Staff channel: connect with auth { token } holding an admin or staff token.';

export interface StaffChannel {
  emit<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void;
  /** To the staff tools connected to this node only (each node sends its own watchers the room). */
  emitHere<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void;
  /** How many staff tools are connected. */
  watchers(): number;
  /** Called when a staff tool connects (after it was admitted). */
  onWatcher(listener: () => void): void;
}

function cookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return fastifyCookie.parse(header)[CONSOLE_COOKIE];
  } catch {
    return undefined;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the station namespace's typed io serves /staff too
export function openStaffChannel(io: Server<any, any, any, any>, ctx: Pick<ServerContext, 'db' | 'tokens' | 'log' | 'clock'>): StaffChannel {
  const nsp: Namespace = io.of(STAFF_NAMESPACE);
  const listeners: (() => void)[] = [];
  nsp.use((socket, next) => {
    const auth = staffHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    const cookie = auth.success ? undefined : cookieValue(socket.handshake.headers.cookie);
    if (!auth.success && !cookie) return next(new Error(STAFF_TOKEN_REQUIRED));
    // The REST guard reads only the Authorization header, or the console cookie.
    const request = (
      auth.success
        ? { headers: { authorization: `Bearer ${auth.data.token}` } }
        : { headers: {}, cookies: { [CONSOLE_COOKIE]: cookie } }
    ) as unknown as FastifyRequest;
    authenticate(request, 'admin', ctx).then(
      (caller) => {
        if (caller?.via === 'console' && caller.role === 'owner' && !caller.console?.secondFactor) {
          return next(new Error('Set up your authenticator (two-step sign-in) first.'));
        }
        ctx.log.info({ staff: caller?.username, socketId: socket.id }, 'staff tool connected');
        next();
      },
      (error: unknown) => next(new Error(error instanceof HttpError ? error.message : STAFF_TOKEN_REQUIRED)),
    );
  });
  nsp.on('connection', () => {
    for (const listener of listeners) listener();
  });
  return {
    emit(event, payload) {
      const data = staffServerToClientSchemas[event].parse(payload);
      nsp.emit(event, data);
    },
    emitHere(event, payload) {
      const data = staffServerToClientSchemas[event].parse(payload);
      nsp.local.emit(event, data);
    },
    watchers: () => nsp.sockets.size,
    onWatcher(listener) {
      listeners.push(listener);
    },
  };
}

declare module '../context.js' {
  interface ServerServices {
    /** The consoles' live channel (/staff). */
    staff: StaffChannel;
  }
}
