/**
 * The Stations feature (issue 22): a cafe's own PCs with group, connection, last seen and pairing, and the
 * owner's actions on them (add, pair, revoke, regroup, rename, renumber) with their receipts. The live list and
 * the receipts are the room's (pushed on /staff); this feature reads the groups and the station alerts when the
 * console works.
 */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeature } from '../session/index.js';
import { StationsService } from './stationsService.js';

export type StationsFeature = Feature<'stations', StationsService>;

export function createStationsFeature(core: Core, features: { session: SessionFeature }): StationsFeature {
  const service = new StationsService(core.http);
  let off: (() => void) | null = null;
  return {
    name: 'stations',
    service,
    stores: [service.store],
    start() {
      off = features.session.service.onChange((working) => {
        if (working) void service.load();
        else service.dismissCode();
      });
    },
    stop() {
      off?.();
      off = null;
      service.dismissCode();
    },
  };
}

export const useStations = () => useFeatureService<StationsService>('stations');
