/**
 * The session feature (SPEC §4 session, time and warnings, lock screen):
 * who is signed in on this station, their time, and the lock over it.
 */
import { sessionMeter } from '../../shared/api/admin-pricing.js';
import { ApiError } from '../core/api/apiError.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { StationFeatureService } from '../station/index.js';
import { useStationStore } from '../station/stationStore.js';
import { LockService, useLockStore } from './lock/lockService.js';
import { SessionService } from './sessionService.js';
import { useSessionStore } from './sessionStore.js';
import { SessionTimeService } from './sessionTime.js';
import { createWarningSound } from './warningSound.js';

export interface SessionFeatureService {
  session: SessionService;
  time: SessionTimeService;
  lock: LockService;
  /** The cafe's media (the lock screen shows the logo). */
  media: Core['media'];
}

export type SessionFeature = Feature<'session', SessionFeatureService>;

export function createSessionFeature(core: Core, features: { station: Feature<'station', StationFeatureService> }): SessionFeature {
  const station = features.station.service;
  const session = new SessionService({
    api: core.api,
    connection: core.connection,
    bridge: core.bridge,
    storage: core.storage,
    statusSender: station.status,
    getStation: station.info,
    getStationNumber: () => useStationStore.getState().details?.station.number ?? null,
    notify: (key) => core.notify.success(key),
    notifyError: (key) => core.notify.error(key),
    events: core.win,
    legacyStorage: core.win.localStorage,
  });
  const time = new SessionTimeService({
    bridge: core.bridge,
    refresh: () => session.loadCurrentSession(),
    onTimeUp: () => session.logout('time-up'),
    playSound: createWarningSound(undefined, core.timers),
    timers: core.timers,
    // Our server's price meter for the offline countdown (issue 26), when its heartbeat answer has none; 404: no such route.
    loadMeter: async () => {
      try {
        const answer = sessionMeter.response.safeParse(await core.api.call(sessionMeter));
        return answer.success ? answer.data : null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 'no-route';
        throw error;
      }
    },
    requestHeartbeat: () => void station.heartbeat.requested(),
  });
  const lock = new LockService({ api: core.api, bridge: core.bridge, getSession: () => session.current });
  let offs: Array<() => void> = [];

  return {
    name: 'session',
    service: { session, time, lock, media: core.media },
    stores: [useSessionStore, useLockStore],
    start() {
      session.restore();
      offs = [
        session.attach(),
        // SPEC §4: the shell can ask for the admin to be logged out.
        core.bridge.on('AdminLogout', () => session.logout('admin-logout')),
        // Nobody touched the PC for a while (the shell's SystemIdle): the customer's screen locks.
        core.bridge.on('SystemIdle', () => lock.lock()),
        // SPEC §7: staff's LOGOUT_USER.
        station.events.on('logoutRequested', () => session.logout()),
        lock.attach(core.win, (listener) => session.on('ended', listener)),
        // Our server's meter rides on the heartbeat's answer (issue 26).
        station.heartbeat.onAnswer((answer) => time.heardHeartbeat(answer)),
      ];
      time.start();
    },
    stop() {
      offs.forEach((off) => off());
      offs = [];
      time.stop();
    },
  };
}

export const useSession = () => useFeatureService<SessionFeatureService>('session');
