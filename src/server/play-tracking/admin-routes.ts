/**
 * GET /admin/plays (issue 11): staff see what is being played and what was,
 * with who and where — the demo's "the server shows it as played", and what
 * `npm run cafe -- plays` prints.
 */
import type { FastifyInstance } from 'fastify';
import { adminPlays } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { historyItem, recentPlays } from './plays.js';

export const DEFAULT_ADMIN_PLAYS = 50;

export function registerAdminPlayRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, adminPlays, async ({ query }) => {
    const rows = await recentPlays(ctx.db, query.limit ?? DEFAULT_ADMIN_PLAYS, query.active === 'true');
    return rows.map((row) => ({
      ...historyItem(row),
      userId: row.user_id,
      username: row.username ?? null,
      sessionId: row.session_id,
      stationId: row.station_id,
      stationNumber: row.station_number ?? null,
    }));
  });
}
