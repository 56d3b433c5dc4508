/** The room and its receipts: parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { consoleReceipts, consoleRoom } from '../../../shared/api/routes.js';
import type { ServerContext } from '../../context.js';
import { registerRoute } from '../../http/route.js';
import { roomSnapshot, type Room } from './service.js';

export function registerRoomRoutes(app: FastifyInstance, ctx: ServerContext, room: () => Room): void {
  registerRoute(app, ctx, consoleRoom, () => roomSnapshot(ctx));
  registerRoute(app, ctx, consoleReceipts, () => room().receipts());
}

