/** GET /admin/outbox: the newest messages the development provider kept, newest first. */
import type { FastifyInstance } from 'fastify';
import { adminOutbox } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { newestMessages } from './repo.js';

export function registerOutboxRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, adminOutbox, async ({ query }) =>
    (await newestMessages(ctx.db, query.limit ?? 20)).map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at,
    })),
  );
}
