/** The room, its commands and their receipts: parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { adminCommand, adminSetStatus, adminUnlockGuest, consoleReceipts, consoleRoom } from '../../../shared/api/routes.js';
import { signedIn } from '../../authority/caller.js';
import type { ServerContext } from '../../context.js';
import { registerRoute } from '../../http/route.js';
import { sendCommand, setStatus, unlockGuest } from './commands.js';
import { roomSnapshot, type Room } from './service.js';

export function registerRoomRoutes(app: FastifyInstance, ctx: ServerContext, room: () => Room): void {
  registerRoute(app, ctx, consoleRoom, () => roomSnapshot(ctx));
  registerRoute(app, ctx, consoleReceipts, () => room().receipts());
}

/** The desk's commands to a station (also the CLI's: bearer admin). */
export function registerCommandRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, adminUnlockGuest, ({ params, body }) => unlockGuest(ctx, params.stationId, body.minutes));
  registerRoute(app, ctx, adminSetStatus, ({ params, body }) => setStatus(ctx, params.stationId, body.status, body.message));
  registerRoute(app, ctx, adminCommand, ({ params, body, caller }) => sendCommand(ctx, params.stationId, body, signedIn(caller).username));
}
