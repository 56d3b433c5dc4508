/**
 * The staff channel: socket.io namespace /staff (src/shared/socket/staff-events.ts).
 * A connection presents a staff or admin bearer token (`auth: { token }`), or —
 * the console, same origin — its session cookie; either is checked exactly as
 * the admin REST routes check it (authority/), from the console's own origin only
 * (a page of another origin, loopback included, is refused). Every payload is parsed with its
 * shared schema before it leaves.
 *
 * Admission is not forever (issue 21): each socket is in its account's room and,
 * for the console, its session's room, so when authority takes the power away —
 * the account disabled, its password or authenticator reset, the console signed
 * out — `closeUser` / `closeConsoleSession` close those sockets at once, on every
 * node (the cluster adapter carries the disconnect). A console session that ends by
 * itself (30 minutes without a request, or 12 hours) takes its sockets with it, and a
 * bearer token's socket ends with the token (1 hour): each node looks at its own
 * sockets every `CONSOLE_SOCKET_SWEEP_MS`.
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
import { checkOrigin } from '../authority/admin-gate.js';
import { authenticate } from '../authority/caller.js';
import { liveConsoleSessions } from '../authority/console-sessions.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../base/errors.js';

/** How often each node checks that its console sockets' sessions still live (an idle end closes them within this). */
export const CONSOLE_SOCKET_SWEEP_MS = 60_000;

export const STAFF_TOKEN_REQUIRED = 'Staff channel: connect with auth { token } holding an admin or staff token.';

export interface StaffChannel {
  emit<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void;
  /** To the staff tools connected to this node only (each node sends its own watchers the room). */
  emitHere<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void;
  /** How many staff tools are connected. */
  watchers(): number;
  /** Called when a staff tool connects (after it was admitted). */
  onWatcher(listener: () => void): void;
  /** Closes every staff socket of this account, on every node (disabled, password or authenticator reset). */
  closeUser(userId: string): void;
  /** Closes every staff socket opened with this console session (signed out). */
  closeConsoleSession(idHash: string): void;
  /** Closes this node's sockets whose console session ended by itself (idle or at most 12 hours) or whose bearer token expired; answers how many. */
  sweepEnded(): Promise<number>;
  /** Stops the sweep (the server is closing). */
  stop(): void;
}

const userRoom = (userId: string) => `staff-user:${userId}`;
const consoleRoom = (idHash: string) => `staff-console:${idHash}`;

function cookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return fastifyCookie.parse(header)[CONSOLE_COOKIE];
  } catch {
    return undefined;
  }
}

export function openStaffChannel(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the station namespace's typed io serves /staff too
  io: Server<any, any, any, any>,
  ctx: Pick<ServerContext, 'db' | 'tokens' | 'log' | 'clock' | 'publicUrl'>,
): StaffChannel {
  const nsp: Namespace = io.of(STAFF_NAMESPACE);
  const listeners: (() => void)[] = [];
  nsp.use((socket, next) => {
    // The admin routes' origin rule, before anything else: a browser page is admitted only from the console's own
    // origin (the server's), not from any loopback page the shared socket server lets in for the web shells.
    try {
      checkOrigin({ headers: socket.handshake.headers, protocol: socket.handshake.secure ? 'https' : 'http' } as FastifyRequest, ctx.publicUrl);
    } catch (error) {
      return next(new Error(error instanceof HttpError ? error.message : STAFF_TOKEN_REQUIRED));
    }
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
        if (!caller) return next(new Error(STAFF_TOKEN_REQUIRED));
        if (caller.via === 'console' && caller.role === 'owner' && !caller.console?.secondFactor) {
          return next(new Error('Set up your authenticator (two-step sign-in) first.'));
        }
        // In its rooms before it is admitted: a revocation from now on reaches it.
        void socket.join(userRoom(caller.userId));
        if (caller.console) {
          void socket.join(consoleRoom(caller.console.idHash));
          socket.data.consoleSession = caller.console.idHash;
        }
        ctx.log.info({ staff: caller.username, socketId: socket.id }, 'staff tool connected');
        next();
      },
      (error: unknown) => next(new Error(error instanceof HttpError ? error.message : STAFF_TOKEN_REQUIRED)),
    );
  });
  nsp.on('connection', () => {
    for (const listener of listeners) listener();
  });
  const sweepEnded = async () => {
    const open = new Set<string>();
    let closed = 0;
    for (const socket of nsp.sockets.values()) {
      if (typeof socket.data.consoleSession === 'string') open.add(socket.data.consoleSession);
      else {
        // A bearer token (CLI, scripts) lives 1 hour: its socket does not outlive it.
        const bearer = staffHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
        if (!bearer.success || !ctx.tokens.verify(bearer.data.token)) {
          closed++;
          socket.disconnect(true);
        }
      }
    }
    if (open.size === 0) return closed;
    const live = await liveConsoleSessions(ctx.db, ctx.clock, [...open]);
    for (const idHash of open) {
      if (live.has(idHash)) continue;
      closed++;
      nsp.local.in(consoleRoom(idHash)).disconnectSockets(true);
    }
    if (closed > 0) ctx.log.info({ closed }, 'staff sockets closed: their console session or token ended');
    return closed;
  };
  const sweep = ctx.clock.setInterval(
    () => sweepEnded().catch((error: unknown) => ctx.log.warn({ err: error }, 'console socket sweep failed')),
    CONSOLE_SOCKET_SWEEP_MS,
  );
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
    closeUser(userId) {
      nsp.in(userRoom(userId)).disconnectSockets(true);
    },
    closeConsoleSession(idHash) {
      nsp.in(consoleRoom(idHash)).disconnectSockets(true);
    },
    sweepEnded,
    stop: () => ctx.clock.clearInterval(sweep),
  };
}

declare module '../context.js' {
  interface ServerServices {
    /** The consoles' live channel (/staff). */
    staff: StaffChannel;
  }
}
