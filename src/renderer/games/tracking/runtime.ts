/**
 * What a session needs of the games feature, loaded with the first session:
 * the play tracker and the realtime events that keep the lists true.
 */
import type { Core } from '../../core/feature.js';
import type { GamesService } from '../gamesService.js';
import type { GamesStore } from '../gamesStore.js';
import { PlayTracker, type TrackingContext } from './playTracker.js';
import { followGamesRealtime } from './realtime.js';

export function startTracking(deps: {
  core: Pick<Core, 'api' | 'timers' | 'win' | 'connection'>;
  games: GamesService;
  store: GamesStore;
  context: () => TrackingContext | null;
}): PlayTracker {
  const { core, games, store, context } = deps;
  const tracker = new PlayTracker({
    api: core.api,
    timers: core.timers,
    store,
    context,
    nameOf: (jsonId) => store.getState().entries.find((e) => e.Json_ID === jsonId)?.Name ?? jsonId,
    events: core.win,
  });
  const stop = followGamesRealtime({ connection: core.connection, games, tracker, context });
  const off = games.events.on('stop', () => {
    off();
    stop();
  });
  return tracker;
}
