/**
 * The games feature (SPEC §2 games tab and game modal, §4 games and launch,
 * §7 games calls, §9 image cache): the library for this station, launching
 * (with the launch lock), centre accounts, play tracking and the realtime
 * reloads. It reacts to the session (lists are for signed-in users; a
 * session's games close and its accounts are released with it), to the
 * connection (a library that failed while the server was away loads again)
 * and to the shell (AppLaunched, AppClosed, AccountReleased, CommandFailed).
 */
import { useConnectionStore } from '../core/connection/connectionStore.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeatureService } from '../session/index.js';
import type { StationFeatureService } from '../station/index.js';
import { useStationStore } from '../station/stationStore.js';
import { useAccountsStore } from './accounts/accountsStore.js';
import { GamesService, shouldReloadGames } from './gamesService.js';
import { useGamesStore } from './gamesStore.js';
import { LaunchLock } from './launch/launchLock.js';
import { LazyTracker } from './tracking/lazyTracker.js';
import type { TrackingContext } from './tracking/playTracker.js';
import { followGamesRealtime } from './tracking/realtime.js';

export type GamesFeature = Feature<'games', GamesService>;

export function createGamesFeature(
  core: Core,
  features: { station: Feature<'station', StationFeatureService>; session: Feature<'session', SessionFeatureService> },
): GamesFeature {
  const { session } = features.session.service;
  const stationId = () => features.station.service.info()?.stationId ?? null;
  const context = (): TrackingContext | null => {
    const current = session.current;
    const station = current?.stationId || stationId();
    return current && station ? { sessionId: current.sessionId, userId: current.userId, stationId: station } : null;
  };
  const launchLock = new LaunchLock({ bridge: core.bridge, timers: core.timers, store: useGamesStore });
  let games: GamesService | null = null;
  const tracker = new LazyTracker(() =>
    import('./tracking/playTracker.js').then(
      ({ PlayTracker }) =>
        new PlayTracker({
          api: core.api,
          timers: core.timers,
          store: useGamesStore,
          context,
          nameOf: (jsonId) => games?.nameOf(jsonId) ?? jsonId,
          events: core.win,
        }),
    ),
  );
  games = new GamesService({
    api: core.api,
    getStationId: stationId,
    getSession: () => session.current,
    launchLock,
    tracker,
    tab: {
      api: core.api,
      timers: core.timers,
      launchLock,
      onAccountLaunch: (jsonId) => tracker.noteAccountLaunch(jsonId),
      getSessionId: () => session.current?.sessionId ?? null,
      getStationGroupId: () => useStationStore.getState().details?.station.groupId ?? null,
    },
  });
  const service = games;
  let offs: Array<() => void> = [];
  return {
    name: 'games',
    service,
    stores: [useGamesStore, useAccountsStore],
    start() {
      if (session.current) tracker.preload();
      offs = [
        launchLock.attach(),
        core.bridge.on('AppLaunched', ({ JsonID }) => tracker.launched(JsonID)),
        core.bridge.on('AppClosed', ({ JsonID }) => tracker.closed(JsonID)),
        core.bridge.on('AccountReleased', ({ JsonID, Account_ID }) => tracker.release(JsonID, Account_ID)),
        session.on('started', () => tracker.preload()),
        followGamesRealtime({ connection: core.connection, games: service, tracker, context }),
        session.on('ending', ({ session: ending }) =>
          service.closeTrackedGames({
            sessionId: ending.sessionId,
            userId: ending.userId,
            stationId: ending.stationId || (stationId() ?? ''),
          }),
        ),
        // SPEC §4: game lists are for signed-in users only.
        session.on('ended', () => {
          tracker.clear();
          service.clear();
        }),
        useConnectionStore.subscribe((state, previous) => {
          const reload = shouldReloadGames({
            previous: previous.state,
            current: state.state,
            signedIn: session.current !== null,
            status: useGamesStore.getState().status,
          });
          if (reload) void service.load();
        }),
      ];
    },
    stop() {
      offs.forEach((off) => off());
      offs = [];
      service.stop();
    },
  };
}

export const useGames = () => useFeatureService<GamesService>('games');
