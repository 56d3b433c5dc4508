/** The day at a glance: one service call. */
import type { FastifyInstance } from 'fastify';
import { consoleToday } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { today } from './service.js';

export function registerTodayRoute(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, consoleToday, () => today(ctx));
}
