/** GET /admin/outbox: the newest messages the development provider kept, newest first. */
import type { FastifyInstance } from 'fastify';
import { adminOutbox } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';

export function registerOutboxRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, adminOutbox, async ({ query }) => {
    const rows = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.limit ?? 20)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at,
    }));
  });
}
