/**
 * The room feature: stations live by group (pushed on /staff), the selection,
 * actions on one station or many with their receipts, holds. It runs while the
 * console works (signed in) and stops on sign-out.
 */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeature } from '../session/index.js';
import { RoomService } from './roomService.js';

export type RoomFeature = Feature<'room', RoomService>;

export function createRoomFeature(core: Core, features: { session: SessionFeature }): RoomFeature {
  const service = new RoomService(core.http, core.socket);
  let off: (() => void) | null = null;
  return {
    name: 'room',
    service,
    stores: [service.store],
    start() {
      off = features.session.service.onChange((working) => (working ? void service.start() : service.stop()));
    },
    stop() {
      off?.();
      off = null;
      service.stop();
    },
  };
}

export const useRoom = () => useFeatureService<RoomService>('room');
