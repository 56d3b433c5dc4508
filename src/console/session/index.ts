/**
 * The session feature: who is signed in (password, then the authenticator's
 * code), the authenticator enrolment, signing out. The live channel opens
 * while the console works (signed in, enrolment done) and closes on sign-out;
 * the live screens (room, inbox) follow `service.onChange` themselves.
 */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { SessionService } from './sessionService.js';

export type SessionFeature = Feature<'session', SessionService>;

export function createSessionFeature(core: Core): SessionFeature {
  const service = new SessionService(core.http);
  const offs: (() => void)[] = [];
  return {
    name: 'session',
    service,
    stores: [service.store],
    start() {
      offs.push(
        service.onChange((working) => (working ? core.socket.connect() : core.socket.disconnect())),
        // Refused by the server (not merely unreachable): a session that ended signs the console out.
        core.socket.onRefused(() => void service.check()),
      );
    },
    stop() {
      for (const off of offs.splice(0)) off();
    },
  };
}

export const useSession = () => useFeatureService<SessionService>('session');
