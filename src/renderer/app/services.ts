/**
 * The composition root: every service of the renderer, created once and
 * wired together. Components reach them through ServicesContext; tests build
 * their own with fakes.
 */
import toast from 'react-hot-toast';
import i18next from 'i18next';
import type { SpawnpointBridge } from '../../shared/bridge/protocol.js';
import { stationHeartbeat } from '../../shared/api/routes.js';
import { createApiClient, type ApiClient } from '../core/api/httpClient.js';
import { FrontDoorService } from '../front-door/frontDoorService.js';
import { getBridge } from '../core/bridge/bridgeClient.js';
import { ConnectionService } from '../core/connection/connectionService.js';
import { GamesService, shouldReloadGames } from '../games/gamesService.js';
import { HeartbeatService } from '../station/heartbeatService.js';
import { SessionService } from '../session/sessionService.js';
import { useSessionStore } from '../session/sessionStore.js';
import { StationCommandHandler } from '../station/stationCommands.js';
import { StationService } from '../station/stationService.js';
import { followShellFailures } from '../station/shellFailures.js';
import { followStationStatus, seedStationStatus } from '../station/stationStatus.js';
import { useStationStore } from '../station/stationStore.js';
import { StatusSender } from '../station/statusSender.js';
import { createLocalStateStore, type LocalStateStore } from '../core/storage/localState.js';
import { SessionTimeService } from '../session/sessionTime.js';
import { createWarningSound } from '../session/warningSound.js';
import { useAppStore } from '../splash/startupStore.js';
import { useConnectionStore } from '../core/connection/connectionStore.js';
import { useGamesStore } from '../games/gamesStore.js';

export interface Services {
  bridge: SpawnpointBridge;
  api: ApiClient;
  storage: LocalStateStore;
  connection: ConnectionService;
  heartbeat: HeartbeatService;
  status: StatusSender;
  station: StationService;
  session: SessionService;
  games: GamesService;
  commands: StationCommandHandler;
  time: SessionTimeService;
  /** Password, NFC and OAuth logins and the login gates (SPEC §4 Login outcomes). */
  frontDoor: FrontDoorService;
  /** The splash's "ready": start the heartbeat and the status sender. */
  markReady(): void;
}

export function createServices(win: Window = window): Services {
  const bridge = getBridge(win);
  const api = createApiClient({ baseUrl: win.location.origin });
  const storage = createLocalStateStore(win.localStorage);
  const getStation = () => useStationStore.getState().info;

  const connection = new ConnectionService({
    bridge,
    getUserId: () => useSessionStore.getState().session?.userId ?? '',
  });
  const heartbeat = new HeartbeatService({
    post: (body) => api.call(stationHeartbeat, { body, validate: false }),
    getStation,
  });
  const status = new StatusSender({ connection, getStation });
  const session = new SessionService({
    api,
    connection,
    bridge,
    storage,
    statusSender: status,
    getStation,
    getStationNumber: () => useStationStore.getState().details?.station.number ?? null,
    notify: (key) => toast.success(i18next.t(key)),
    legacyStorage: win.localStorage,
    events: win,
    claimsSessionStarted: (payload): boolean => frontDoor.claims(payload),
  });
  const station = new StationService({
    bridge,
    api,
    storage,
    onInfo: (info) => connection.connect(info),
  });
  const frontDoor: FrontDoorService = new FrontDoorService({ api, session, status });
  const games = new GamesService({ api, getStationId: () => getStation()?.stationId ?? null });
  const commands = new StationCommandHandler({
    connection,
    bridge,
    getStationId: () => getStation()?.stationId ?? null,
    logout: () => session.logout(),
    notifyError: (key) => toast.error(i18next.t(key)),
  });
  const time = new SessionTimeService({
    bridge,
    refresh: () => session.loadCurrentSession(),
    onTimeUp: () => session.logout('time-up'),
    playSound: createWarningSound(),
  });

  return {
    bridge,
    api,
    storage,
    connection,
    heartbeat,
    status,
    station,
    session,
    games,
    commands,
    time,
    frontDoor,
    markReady() {
      if (useAppStore.getState().ready) return;
      useAppStore.setState({ ready: true });
      heartbeat.start();
      status.markReady();
      // SPEC §4: a station with no session starts out available.
      if (!session.current) status.report('available');
    },
  };
}

/**
 * Start the services: restore the session, listen to the shell and the
 * socket, and ask the shell who we are. Returns the teardown.
 */
export function startServices(services: Services): () => void {
  services.session.restore();
  const offShell = services.bridge.onMessage((message) => {
    if (message.command === 'StartUpCompleted') useAppStore.setState({ startupCompleted: true });
    // SPEC §4: the shell can ask for the admin to be logged out.
    if (message.command === 'AdminLogout') services.session.logout('admin-logout');
  });
  const offSession = services.session.attach();
  const offCommands = services.commands.attach();
  const offShellFailures = followShellFailures({
    bridge: services.bridge,
    notifyError: (key) => toast.error(i18next.t(key)),
  });
  const offStatus = followStationStatus({
    connection: services.connection,
    getStationId: () => services.station.info?.stationId ?? null,
  });
  const offDetails = useStationStore.subscribe((state) => {
    if (state.details) seedStationStatus(state.details.station.status);
  });
  services.time.start();
  // SPEC §4: game lists are for signed-in users only.
  const offGames = useSessionStore.subscribe((state, previous) => {
    if (!state.session && previous.session) services.games.clear();
  });
  // A library that failed to load while the server was away loads again once it is back.
  const offGamesRetry = useConnectionStore.subscribe((state, previous) => {
    const reload = shouldReloadGames({
      previous: previous.state,
      current: state.state,
      signedIn: Boolean(useSessionStore.getState().session),
      status: useGamesStore.getState().status,
    });
    if (reload) void services.games.load();
  });
  services.station.start();
  return () => {
    offShell();
    offSession();
    offGames();
    offGamesRetry();
    offCommands();
    offShellFailures();
    offStatus();
    offDetails();
    services.time.stop();
    services.station.stop();
    services.heartbeat.stop();
    services.status.dispose();
    services.connection.disconnect();
  };
}
