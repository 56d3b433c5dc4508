/**
 * The dashboard feature (SPEC §2 side bar, top bar, header): the frame the
 * signed-in user lives in — the top bar (games, lock, service calls, store,
 * profile menu), the side bar (applications, mouse, sound, the R6 Siege
 * picker), the header (welcome, level, time, bell) and the time warnings.
 * When it opens for a session it refreshes that session's time, the account
 * and the game library — after the first paint, never before it.
 */
import { R6_DATA_CENTRES, TIME_WARNING_VISIBLE_MS } from '../../shared/constants.js';
import type { GameEntry } from '../../shared/entities.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { TimerId } from '../core/time/timers.js';
import type { AccountFeature } from '../account/index.js';
import type { GamesFeature } from '../games/index.js';
import type { SessionFeatureService } from '../session/index.js';
import type { StationFeatureService } from '../station/index.js';
import { useStationStore } from '../station/stationStore.js';
import { INITIAL_FRAME_STATE, useFrameStore } from './frameStore.js';
import type { DataCentre } from './r6.js';
import { ServiceCallService, type ServiceCallType } from './serviceCalls.js';
import { SoundService } from './sound.js';

export interface DashboardFeatureService {
  /** The dashboard is showing for this session: load what it shows. */
  opened(): void;
  logout(): void;
  /** The top bar's lock: the same lock as Ctrl+L. */
  lock(): void;
  /** Call the cafe service or technical support; the outcome shows as a toast. */
  callService(type: ServiceCallType): Promise<void>;
  launch(entry: GameEntry): void;
  sound: SoundService;
  openR6Picker(): void;
  closeR6Picker(): void;
  chooseR6Server(id: DataCentre['id']): void;
  dismissWarning(): void;
  /** The cafe's logo (null: none or inactive), now and after each change. Returns stop. */
  followLogo(onLogo: (src: string | null) => void): () => void;
}

export type DashboardFeature = Feature<'dashboard', DashboardFeatureService>;

export function createDashboardFeature(
  core: Core,
  features: {
    station: Feature<'station', StationFeatureService>;
    session: Feature<'session', SessionFeatureService>;
    account: AccountFeature;
    games: GamesFeature;
  },
): DashboardFeature {
  const { session, time, lock } = features.session.service;
  const sound = new SoundService(core.bridge);
  const calls = new ServiceCallService({
    api: core.api,
    caller: () => {
      const current = session.current;
      return {
        stationId: current?.stationId ?? features.station.service.info()?.stationId ?? null,
        stationNumber: current?.stationNumber ?? useStationStore.getState().details?.station.number ?? null,
        isGuest: current?.isGuest ?? false,
      };
    },
  });
  let warningTimer: TimerId | null = null;
  const hideWarning = () => {
    if (warningTimer !== null) core.timers.clearTimeout(warningTimer);
    warningTimer = null;
    if (useFrameStore.getState().warning === null) return;
    useFrameStore.setState({ warning: null });
    // The warning is gone: a running game may be in front again.
    core.bridge.send({ command: 'WindowUnfocus' });
  };
  let offs: Array<() => void> = [];

  return {
    name: 'dashboard',
    stores: [useFrameStore],
    service: {
      opened() {
        void session.loadCurrentSession();
        void features.account.service.refresh();
        void features.games.service.load();
      },
      logout: () => session.logout(),
      lock: () => lock.lock(),
      async callService(type) {
        const result = await calls.call(type);
        if (result.ok) core.notify.success(result.message);
        else core.notify.error(result.message);
      },
      launch: (entry) => features.games.service.launch(entry),
      sound,
      openR6Picker: () => useFrameStore.setState({ r6PickerOpen: true }),
      closeR6Picker: () => useFrameStore.setState({ r6PickerOpen: false }),
      chooseR6Server(id) {
        const centre = R6_DATA_CENTRES.find((c) => c.id === id);
        if (!centre) return;
        core.bridge.send({ command: 'R6ServerRequest', server: centre.id });
        useFrameStore.setState({ r6PickerOpen: false });
        core.notify.success({ key: 'r6.sent', values: { name: centre.name } });
      },
      dismissWarning: hideWarning,
      followLogo: (onLogo) => core.media.followLogo(onLogo),
    },
    start() {
      offs = [
        sound.attach(),
        // SPEC §4 time warnings: the sound and the shell's TimeRemaining come from the session; the screen shows it.
        time.on('warning', ({ minutes }) => {
          hideWarning();
          useFrameStore.setState({ warning: minutes });
          // Issue 24: the customer must see it, even over a game (the shell brings the kiosk in front).
          core.bridge.send({ command: 'WindowFocus' });
          warningTimer = core.timers.setTimeout(hideWarning, TIME_WARNING_VISIBLE_MS);
        }),
        session.on('ended', () => {
          hideWarning();
          calls.reset();
          useFrameStore.setState({ r6PickerOpen: false });
        }),
      ];
    },
    stop() {
      offs.forEach((off) => off());
      offs = [];
      hideWarning();
      useFrameStore.setState({ ...INITIAL_FRAME_STATE, volume: useFrameStore.getState().volume });
    },
  };
}

export const useDashboard = () => useFeatureService<DashboardFeatureService>('dashboard');
