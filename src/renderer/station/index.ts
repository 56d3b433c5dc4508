/**
 * The station feature (SPEC §2 'Loading connection information', §4
 * heartbeat and status, §7 remote commands, §2 station-status overlay):
 * who this station is (GimmeData → HereTheData), its heartbeat, the status
 * it reports, the commands staff send it, and the shell's failures.
 */
import { stationHeartbeat } from '../../shared/api/station.js';
import type { ConnectionInfo } from '../../shared/entities.js';
import { Emitter } from '../core/events.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { HeartbeatService, followServerHeartbeat } from './heartbeatService.js';
import { useHeartbeatStore } from './heartbeatStore.js';
import { followShellFailures } from './shellFailures.js';
import { StationCommandHandler } from './stationCommands.js';
import { StationService } from './stationService.js';
import { followStationStatus, seedStationStatus, useStationStatusStore } from './stationStatus.js';
import { useStationStore } from './stationStore.js';
import { StatusSender } from './statusSender.js';

export interface StationEvents extends Record<string, unknown> {
  /** Staff asked for the user to be logged out (LOGOUT_USER). */
  logoutRequested: undefined;
}

export interface StationFeatureService {
  station: StationService;
  heartbeat: HeartbeatService;
  status: StatusSender;
  commands: StationCommandHandler;
  events: Pick<Emitter<StationEvents>, 'on'>;
  /** The connection info from the shell, once it answered. */
  info(): ConnectionInfo | null;
  /** The app is ready (the splash ran): start the heartbeat and the status sender. */
  markReady(signedIn: boolean): void;
}

export type StationFeature = Feature<'station', StationFeatureService>;

export function createStationFeature(core: Core): StationFeature {
  const info = () => useStationStore.getState().info;
  const events = new Emitter<StationEvents>();
  const station = new StationService({
    bridge: core.bridge,
    api: core.api,
    storage: core.storage,
    timers: core.timers,
    onInfo: (next) => core.connection.connect(next),
  });
  const heartbeat = new HeartbeatService({
    post: (body) => core.api.call(stationHeartbeat, { body, validate: false }),
    getStation: info,
    timers: core.timers,
  });
  const status = new StatusSender({ connection: core.connection, getStation: info, timers: core.timers });
  const commands = new StationCommandHandler({
    connection: core.connection,
    bridge: core.bridge,
    getStationId: () => info()?.stationId ?? null,
    logout: () => events.emit('logoutRequested', undefined),
    notifyError: (key) => core.notify.error(key),
  });
  let offs: Array<() => void> = [];

  return {
    name: 'station',
    stores: [useStationStore, useHeartbeatStore, useStationStatusStore],
    service: {
      station,
      heartbeat,
      status,
      commands,
      events,
      info,
      markReady(signedIn) {
        heartbeat.start();
        status.markReady();
        // SPEC §4: a station with no session starts out available.
        if (!signedIn) status.report('available');
      },
    },
    start() {
      offs = [
        commands.attach(),
        followShellFailures({ bridge: core.bridge, notifyError: (key) => core.notify.error(key) }),
        followStationStatus({ connection: core.connection, getStationId: () => info()?.stationId ?? null }),
        ...followServerHeartbeat({ connection: core.connection, heartbeat, getStationId: () => info()?.stationId ?? null }),
        useStationStore.subscribe((state) => {
          if (state.details) seedStationStatus(state.details.station.status);
        }),
      ];
      station.start();
    },
    stop() {
      offs.forEach((off) => off());
      offs = [];
      station.stop();
      heartbeat.stop();
      status.dispose();
    },
  };
}

export const useStation = () => useFeatureService<StationFeatureService>('station');
