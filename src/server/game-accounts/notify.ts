/** gameAccountStatusChanged {platform} to every station: their open game modals refresh that platform's accounts. */
import type { ServerContext } from '../context.js';

export async function announcePlatforms(ctx: Pick<ServerContext, 'db' | 'events'>, platforms: Iterable<number>): Promise<void> {
  const unique = [...new Set(platforms)];
  if (unique.length === 0) return;
  const stations = await ctx.db.selectFrom('stations').select('id').execute();
  for (const platform of unique) {
    for (const station of stations) {
      if (ctx.events.isConnected(station.id)) ctx.events.emit(station.id, 'gameAccountStatusChanged', { platform });
    }
  }
}
