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
import { useAccountsStore } from './accounts/accountsStore.js';
import { GamesService, shouldReloadGames } from './gamesService.js';
import { useGamesStore } from './gamesStore.js';
import { LaunchLock } from './launch/launchLock.js';
import { LazyTracker } from './tracking/lazyTracker.js';
import type { TrackingContext } from './tracking/playTracker.js';

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
  // The tracker and the realtime events load with the first session (their code is prefetched under the lock screen).
  const trackingRuntime = () => import('./tracking/runtime.js');
  const tracker = new LazyTracker(() =>
    trackingRuntime().then(({ startTracking }) =>
      startTracking({ core, games: service, store: useGamesStore, context }),
    ),
  );
  const service: GamesService = new GamesService({
    api: core.api,
    getStationId: stationId,
    getSession: () => session.current,
    launchLock,
    bridge: core.bridge,
    tracker,
    prefetch: trackingRuntime,
    tab: {
      api: core.api,
      timers: core.timers,
      launchLock,
      onAccountLaunch: (jsonId) => tracker.use((t) => t.noteAccountLaunch(jsonId)),
    },
  });
  let offs: Array<() => void> = [];
  return {
    name: 'games',
    service,
    stores: [useGamesStore, useAccountsStore],
    start() {
      if (session.current) tracker.preload();
      offs = [
        launchLock.attach(),
        core.bridge.on('AppLaunched', ({ JsonID }) => {
          useGamesStore.setState((s) => ({ running: { ...s.running, [JsonID]: true } }));
          tracker.use((t) => t.launched(JsonID));
        }),
        core.bridge.on('AppClosed', ({ JsonID }) => {
          useGamesStore.setState((s) => {
            const { [JsonID]: _closed, ...running } = s.running;
            return { running };
          });
          tracker.use((t) => t.closed(JsonID));
        }),
        core.bridge.on('AccountReleased', ({ JsonID, Account_ID }) => tracker.use((t) => void t.release(JsonID, Account_ID))),
        session.on('started', () => tracker.preload()),
        // The cafe's catalogue changed (not this station's own report): the shell reports what is installed here again.
        core.connection.on('games:updated', ({ type }) => {
          if (type !== 'station_report') core.bridge.send({ command: 'GamesUpdated' });
        }),
        // 'ending' comes while the session (and its token) is still current.
        // The logout waits for these (closes, centre accounts released) before the token goes.
        session.on('ending', ({ hold }) => {
          const sent = service.closeTrackedGames(context());
          if (sent) hold?.(sent);
        }),
        // SPEC §4: game lists are for signed-in users only.
        session.on('ended', () => {
          tracker.clear();
          service.clear();
          useGamesStore.setState({ running: {} });
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
      service.events.emit('stop', null);
    },
  };
}

export const useGames = () => useFeatureService<GamesService>('games');
