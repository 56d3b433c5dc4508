/**
 * The splash feature (SPEC §2 startup): StartUp → StartUpCompleted with the
 * shell, the progress screen, and "ready" — which starts the station's
 * heartbeat and status sender.
 */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeatureService } from '../session/index.js';
import type { StationFeatureService } from '../station/index.js';
import { SplashController, type SplashControllerDeps } from './splashController.js';
import { useStartupStore } from './startupStore.js';

export interface SplashFeatureService {
  /** The splash's "ready" (once): start the heartbeat and the status sender. */
  markReady(): void;
  /** The splash's controller for one showing of the screen. */
  controller(view: Pick<SplashControllerDeps, 'navigate' | 'render' | 'firstMessageIndex'>): SplashController;
}

export type SplashFeature = Feature<'splash', SplashFeatureService>;

export function createSplashFeature(
  core: Core,
  features: { station: Feature<'station', StationFeatureService>; session: Feature<'session', SessionFeatureService> },
): SplashFeature {
  const markReady = () => {
    if (useStartupStore.getState().ready) return;
    useStartupStore.setState({ ready: true });
    features.station.service.markReady(features.session.service.session.current !== null);
  };
  let off: (() => void) | null = null;
  const service: SplashFeatureService = {
    markReady,
    controller: (view) =>
      new SplashController({
        ...view,
        sendStartUp: () => core.bridge.send({ command: 'StartUp' }),
        isStartupCompleted: () => useStartupStore.getState().startupCompleted,
        onStartupCompleted: (listener) =>
          useStartupStore.subscribe((state, previous) => {
            if (state.startupCompleted && !previous.startupCompleted) listener();
          }),
        markReady: () => service.markReady(),
        timers: core.timers,
      }),
  };
  return {
    name: 'splash',
    stores: [useStartupStore],
    service,
    start() {
      off ??= core.bridge.on('StartUpCompleted', () => useStartupStore.setState({ startupCompleted: true }));
    },
    stop() {
      off?.();
      off = null;
    },
  };
}

export const useSplashFeature = () => useFeatureService<SplashFeatureService>('splash');
