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
  let off: (() => void) | null = null;
  return {
    name: 'session',
    service,
    stores: [service.store],
    start() {
      off = service.onChange((working) => (working ? core.socket.connect() : core.socket.disconnect()));
    },
    stop() {
      off?.();
      off = null;
    },
  };
}

export const useSession = () => useFeatureService<SessionService>('session');
