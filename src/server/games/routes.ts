/**
 * SPEC §7 Games: the station's game list (what it reported installed), the
 * station's report, and the generated thumbnails the list links to. The
 * centre-account pools, play tracking and the operator's pool routes register
 * from here too (registerGamesServer).
 */
import type { FastifyInstance } from 'fastify';
import { reportStationLibrary, stationGames } from '../../shared/api/routes.js';
import { compareGames } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';
import type { ServerContext } from '../context.js';
import type { GameRow } from '../db/schema.js';
import { errorBody, forbidden, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { registerAdminGameAccountRoutes } from '../game-accounts/admin-routes.js';
import { registerGameAccountRoutes } from '../game-accounts/routes.js';
import type { SecretBox } from '../game-accounts/secret-box.js';
import { authenticateStation } from '../game-accounts/station-auth.js';
import { registerAdminPlayRoutes } from '../play-tracking/admin-routes.js';
import { registerPlayTrackingRoutes } from '../play-tracking/routes.js';
import { findStation } from '../stations/repo.js';
import { recordLibraryReport, stationLibrary } from './station-library.js';
import { THUMBNAIL_PREFIX, thumbnailSvg } from './thumbnails.js';

export const OTHER_STATION = 'A station reports only its own library.';

export function toGameEntry(row: GameRow): GameEntry {
  return {
    Json_ID: row.json_id,
    Name: row.name,
    Thumbnail: row.thumbnail,
    Platform: row.platform,
    Categories: JSON.parse(row.categories) as number[],
    IsMultiPlatform: row.is_multi_platform === 1,
    App_ID: row.app_id,
  };
}

export function registerGameRoutes(app: FastifyInstance, ctx: ServerContext, secrets: SecretBox): void {
  registerRoute(app, ctx, stationGames, async ({ params }) => {
    if (!(await findStation(ctx.db, params.stationId))) throw notFound(`Unknown station: ${params.stationId}`);
    const rows = await stationLibrary(ctx.db, params.stationId);
    return rows.map(toGameEntry).sort(compareGames);
  });

  registerRoute(app, ctx, reportStationLibrary, async ({ params, body, request }) => {
    const station = await authenticateStation(ctx, request);
    if (station.id !== params.stationId) throw forbidden(OTHER_STATION);
    const result = await recordLibraryReport(ctx.db, ctx.clock, station.id, body.jsonIds);
    ctx.events.emit(station.id, 'games:updated', { type: 'station_report', stationId: station.id });
    return { stationId: station.id, installedCount: result.installed, unknownJsonIds: result.unknown };
  });

  registerGameAccountRoutes(app, ctx, secrets);
  registerPlayTrackingRoutes(app, ctx);
  registerAdminPlayRoutes(app, ctx);
  registerAdminGameAccountRoutes(app, ctx, secrets);

  app.get<{ Params: { file: string } }>(`${THUMBNAIL_PREFIX}:file`, async (request, reply) => {
    const jsonId = request.params.file.replace(/\.svg$/, '');
    const game = await ctx.db.selectFrom('games').select('name').where('json_id', '=', jsonId).executeTakeFirst();
    if (!game || !request.params.file.endsWith('.svg')) {
      return reply.code(404).send(errorBody(404, `No thumbnail ${request.params.file}`));
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(thumbnailSvg(game.name));
  });
}
