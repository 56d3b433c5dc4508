/**
 * The Squad Hub feature (SPEC §2 Squad Hub panel, non-guests only; issue 14).
 * It reacts to the session (offline at logout, cleared after), to the shell
 * (a launched game is what friends see us play), to the socket (the friend
 * events, and a reconnection that may have missed them) — each routed to the
 * service, whose `onFriendEvent` is the one place friend events land.
 */
import i18next from 'i18next';
import { useConnectionStore } from '../core/connection/connectionStore.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { translate } from '../core/i18n/uiMessage.js';
import { useGamesStore } from '../games/gamesStore.js';
import type { NotificationsFeature } from '../notifications/index.js';
import type { SessionFeatureService } from '../session/index.js';
import type { StationFeatureService } from '../station/index.js';
import { useStationStore } from '../station/stationStore.js';
import { FRIEND_EVENTS, SquadService, type SquadNotification } from './squadService.js';
import { useSquadStore } from './squadStore.js';

export type SquadFeature = Feature<'squad', SquadService>;

/** The notification's text in the language of the moment (for a list that stores strings). */
export function notificationText(n: SquadNotification): { type: SquadNotification['type']; title: string; message: string } {
  const t = i18next.t.bind(i18next);
  return { type: n.type, title: translate(t, n.title), message: translate(t, n.message) };
}

export function createSquadFeature(
  core: Core,
  features: {
    station: Feature<'station', StationFeatureService>;
    session: Feature<'session', SessionFeatureService>;
    notifications: NotificationsFeature;
  },
): SquadFeature {
  const { session } = features.session.service;
  const squad = new SquadService({
    api: core.api,
    getSession: () => session.current,
    getPlace: () => {
      const station = useStationStore.getState().details?.station;
      const name = station ? station.name || `PC ${station.number}` : null;
      return { stationId: features.station.service.info()?.stationId ?? null, name };
    },
    gameName: (jsonId) =>
      useGamesStore
        .getState()
        .games.flatMap((g) => g.entries)
        .find((entry) => entry.Json_ID === jsonId)?.Name ?? null,
    // A friend event joins the bell's list, with its toast and sound (in the language of the moment).
    notify: (n) => features.notifications.service.push(notificationText(n)),
    toast: core.notify,
    copyText: (text) => core.win.navigator.clipboard.writeText(text),
  });
  let offs: Array<() => void> = [];
  return {
    name: 'squad',
    service: squad,
    stores: [useSquadStore],
    start() {
      offs = [
        ...FRIEND_EVENTS.map((event) => core.connection.on(event, (payload) => squad.onFriendEvent(event, payload))),
        session.on('ending', () => squad.signOff()),
        session.on('ended', () => squad.clear()),
        core.bridge.on('AppLaunched', (message) => squad.gameLaunched(message.JsonID)),
        core.bridge.on('AppClosed', () => squad.gameClosed()),
        // Back from an outage: friend events may have been missed, and the server may have forgotten us.
        useConnectionStore.subscribe((state, previous) => {
          if (state.state === 'connected' && previous.state !== 'connected' && useSquadStore.getState().status !== 'off') {
            void squad.open();
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

export const useSquad = () => useFeatureService<SquadService>('squad');
