/**
 * The inbox feature: service calls, orders to approve, reward claims, flagged
 * centre accounts (live from /staff) and the room's alerts (a session whose
 * station went silent, time about to run out). Runs while the console works.
 */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { RoomFeature } from '../room/index.js';
import type { SessionFeature } from '../session/index.js';
import { InboxService } from './inboxService.js';

export type InboxFeature = Feature<'inbox', InboxService>;

export function createInboxFeature(core: Core, features: { session: SessionFeature; room: RoomFeature }): InboxFeature {
  const service = new InboxService(core.http, core.socket, core.page);
  const offs: (() => void)[] = [];
  return {
    name: 'inbox',
    service,
    stores: [service.store],
    start() {
      offs.push(
        service.watchRoom(features.room.service.store),
        features.session.service.onChange((working) => (working ? void service.start() : service.stop())),
      );
    },
    stop() {
      for (const off of offs.splice(0)) off();
      service.stop();
    },
  };
}

export const useInbox = () => useFeatureService<InboxService>('inbox');
