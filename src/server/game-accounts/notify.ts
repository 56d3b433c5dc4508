/** gameAccountStatusChanged {platform} to every station: their open game modals refresh that platform's accounts. */
import type { ServerContext } from '../context.js';

export async function announcePlatforms(ctx: Pick<ServerContext, 'db' | 'events'>, platforms: Iterable<number>): Promise<void> {
  const unique = [...new Set(platforms)];
  if (unique.length === 0) return;
  const stations = await ctx.events.connectedStations();
  for (const platform of unique) {
    for (const station of stations) ctx.events.emit(station, 'gameAccountStatusChanged', { platform });
  }
}
