/**
 * SPEC §7 Games: the station's game list (what it reported installed), the
 * station's report, and the generated thumbnails the list links to. Centre
 * accounts and play tracking are their own domains (game-accounts/, play-tracking/).
 */
import type { FastifyInstance } from 'fastify';
import { adminGameCatalogue, reportStationLibrary, stationGames } from '../../shared/api/routes.js';
import { compareGames } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';
import type { ServerContext } from '../context.js';
import type { GameRow } from '../db/schema.js';
import { errorBody, forbidden, notFound } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { requireStation } from '../authority/station-credential.js';
import { findStation } from '../stations/service.js';
import { catalogueGames, gameName } from './repo.js';
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

export function registerGameRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The catalogue to pick from (staff, issue 23): centre accounts are bound to games chosen, not typed.
  registerRoute(app, ctx, adminGameCatalogue, async ({ query }) =>
    (await catalogueGames(ctx.db, query)).map((g) => ({ jsonId: g.json_id, name: g.name, platform: g.platform })),
  );

  registerRoute(app, ctx, stationGames, async ({ params }) => {
    if (!(await findStation(ctx.db, params.stationId))) throw notFound(`Unknown station: ${params.stationId}`);
    const rows = await stationLibrary(ctx.db, params.stationId);
    return rows.map(toGameEntry).sort(compareGames);
  });

  registerRoute(app, ctx, reportStationLibrary, async ({ params, body, request }) => {
    const station = await requireStation(ctx, request);
    if (station.id !== params.stationId) throw forbidden(OTHER_STATION);
    const result = await recordLibraryReport(ctx.db, ctx.clock, station.id, body.jsonIds);
    ctx.events.emit(station.id, 'games:updated', { type: 'station_report', stationId: station.id });
    return { stationId: station.id, installedCount: result.installed, unknownJsonIds: result.unknown };
  });

  app.get<{ Params: { file: string } }>(`${THUMBNAIL_PREFIX}:file`, async (request, reply) => {
    const jsonId = request.params.file.replace(/\.svg$/, '');
    const game = await gameName(ctx.db, jsonId);
    if (!game || !request.params.file.endsWith('.svg')) {
      return reply.code(404).send(errorBody(404, `No thumbnail ${request.params.file}`));
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(thumbnailSvg(game.name));
  });
}
