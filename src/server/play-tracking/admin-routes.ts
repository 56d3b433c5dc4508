/**
 * GET /admin/plays (issue 11): staff see what is being played and what was,
 * with who and where — the demo's "the server shows it as played", and what
 * `npm run cafe -- plays` prints.
 */
import type { FastifyInstance } from 'fastify';
import { adminPlays } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { historyItem } from './plays.js';

export const DEFAULT_ADMIN_PLAYS = 50;

export function registerAdminPlayRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, adminPlays, async ({ query }) => {
    let select = ctx.db
      .selectFrom('game_plays')
      .leftJoin('users', 'users.id', 'game_plays.user_id')
      .leftJoin('stations', 'stations.id', 'game_plays.station_id')
      .selectAll('game_plays')
      .select(['users.username as username', 'stations.number as station_number'])
      .orderBy('game_plays.started_at', 'desc')
      .orderBy('game_plays.id', 'desc')
      .limit(query.limit ?? DEFAULT_ADMIN_PLAYS);
    if (query.active === 'true') select = select.where('game_plays.ended_at', 'is', null);
    const rows = await select.execute();
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
