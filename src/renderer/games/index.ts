/**
 * The games feature (SPEC §2 game library, §7 GET /games/station/{id}): the
 * library for this station. It reacts to the session (games are for
 * signed-in users; a session's games close with it) and to the connection
 * (a library that failed while the server was away loads again).
 */
import { useConnectionStore } from '../core/connection/connectionStore.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeatureService } from '../session/index.js';
import type { StationFeatureService } from '../station/index.js';
import { GamesService, shouldReloadGames } from './gamesService.js';
import { useGamesStore } from './gamesStore.js';

export type GamesFeature = Feature<'games', GamesService>;

export function createGamesFeature(
  core: Core,
  features: { station: Feature<'station', StationFeatureService>; session: Feature<'session', SessionFeatureService> },
): GamesFeature {
  const { session } = features.session.service;
  const games = new GamesService({
    api: core.api,
    bridge: core.bridge,
    getStationId: () => features.station.service.info()?.stationId ?? null,
  });
  let offs: Array<() => void> = [];
  return {
    name: 'games',
    service: games,
    stores: [useGamesStore],
    start() {
      offs = [
        session.on('ending', () => games.closeTrackedGames()),
        // SPEC §4: game lists are for signed-in users only.
        session.on('ended', () => games.clear()),
        useConnectionStore.subscribe((state, previous) => {
          const reload = shouldReloadGames({
            previous: previous.state,
            current: state.state,
            signedIn: session.current !== null,
            status: useGamesStore.getState().status,
          });
          if (reload) void games.load();
        }),
      ];
    },
    stop() {
      offs.forEach((off) => off());
      offs = [];
    },
  };
}

export const useGames = () => useFeatureService<GamesService>('games');
