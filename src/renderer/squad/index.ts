/**
 * The Squad Hub feature (SPEC §2 Squad Hub panel, non-guests only; issue 14).
 * It reacts to the session (offline at logout, cleared after), to the shell
 * (a launched game is what friends see us play), to the socket (the friend
 * events, and a reconnection that may have missed them) — each routed to the
 * service, whose `onFriendEvent` is the one place friend events land.
 */
import i18next from 'i18next';
import { translate } from '../core/i18n/uiMessage.js';
import { useConnectionStore } from '../core/connection/connectionStore.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { useGamesStore } from '../games/gamesStore.js';
import type { NotificationsFeature } from '../notifications/index.js';
import type { SessionFeatureService } from '../session/index.js';
import type { StationFeatureService } from '../station/index.js';
import { useStationStore } from '../station/stationStore.js';
import type { SquadService, SquadServiceDeps } from './squadService.js';
import { useSquadStore } from './squadStore.js';

/** SPEC §7: the friend events the hub reacts to. */
export const FRIEND_EVENTS = [
  'friendRequestReceived',
  'friendRequestAccepted',
  'friendOnline',
  'friendOffline',
  'friendStatusChanged',
  'friendPingReceived',
] as const;

/**
 * The service loads with the panel (the dashboard's chunk), not with the first
 * screen: until then nobody is on the dashboard, and nothing needs it.
 */
export interface SquadFeatureService {
  /** The service once loaded, else null (events before that are for no one). */
  readonly current: SquadService | null;
  load(): Promise<SquadService>;
  /** Issue 27: fetch the service's code under the lock screen (the module only: nothing is built or asked). */
  prefetch(): Promise<unknown>;
}

export type SquadFeature = Feature<'squad', SquadFeatureService>;

export function createSquadFeature(
  core: Core,
  features: {
    station: Feature<'station', StationFeatureService>;
    session: Feature<'session', SessionFeatureService>;
    notifications: NotificationsFeature;
  },
): SquadFeature {
  const { session } = features.session.service;
  const deps: SquadServiceDeps = {
    api: core.api,
    getSession: () => session.current,
    getPlace: () => {
      const station = useStationStore.getState().details?.station;
      const name = station ? station.name || (station.number !== null ? `PC ${station.number}` : null) : null;
      return { stationId: features.station.service.info()?.stationId ?? null, name };
    },
    gameName: (jsonId) => useGamesStore.getState().entries.find((entry) => entry.Json_ID === jsonId)?.Name ?? null,
    // A friend event joins the bell's list, with its toast and sound, in the language of the moment.
    notify: (n) =>
      features.notifications.service.push({
        type: n.type,
        title: translate(i18next.t, n.title),
        message: translate(i18next.t, n.message),
        data: n.data,
      }),
    toast: core.notify,
    copyText: (text) => core.win.navigator.clipboard.writeText(text),
  };
  const squadModule = () => import('./squadService.js');
  let current: SquadService | null = null;
  let loading: Promise<SquadService> | null = null;
  const squad: SquadFeatureService = {
    get current() {
      return current;
    },
    load() {
      loading ??= squadModule().then((module) => (current = new module.SquadService(deps)));
      return loading;
    },
    prefetch: () => squadModule(),
  };
  let offs: Array<() => void> = [];
  return {
    name: 'squad',
    service: squad,
    stores: [useSquadStore],
    start() {
      offs = [
        ...FRIEND_EVENTS.map((event) => core.connection.on(event, (payload) => current?.onFriendEvent(event, payload))),
        session.on('ending', () => current?.signOff()),
        session.on('ended', () => current?.clear()),
        core.bridge.on('AppLaunched', (message) => current?.gameLaunched(message.JsonID)),
        core.bridge.on('AppClosed', () => current?.gameClosed()),
        // Back from an outage: friend events may have been missed, and the server may have forgotten us.
        useConnectionStore.subscribe((state, previous) => {
          if (state.state === 'connected' && previous.state !== 'connected' && useSquadStore.getState().status !== 'off') {
            void current?.open();
          }
        }),
      ];
    },
    stop() {
      offs.forEach((off) => off());
      offs = [];
    },
  };
}

export const useSquadFeature = () => useFeatureService<SquadFeatureService>('squad');
