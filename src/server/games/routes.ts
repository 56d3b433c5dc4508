/** SPEC §7 Games: the station's game list, and the generated thumbnails it links to. */
import type { FastifyInstance } from 'fastify';
import { stationGames } from '../../shared/api/routes.js';
import { compareGames } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';
import type { ServerContext } from '../context.js';
import type { GameRow } from '../db/schema.js';
import { errorBody, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findStation } from '../stations/repo.js';
import { THUMBNAIL_PREFIX, thumbnailSvg } from './thumbnails.js';

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
  // Every station offers the whole catalogue; per-station lists can come with a later migration.
  registerRoute(app, ctx, stationGames, async ({ params }) => {
    if (!(await findStation(ctx.db, params.stationId))) throw notFound(`Unknown station: ${params.stationId}`);
    const rows = await ctx.db.selectFrom('games').selectAll().execute();
    return rows.map(toGameEntry).sort(compareGames);
  });

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
