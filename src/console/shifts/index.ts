/** The shifts feature: open with a float, close with the counted cash, the report (print, CSV), past shifts; a prepaid card sold at the desk. */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { ShiftsService } from './shiftsService.js';

export type ShiftsFeature = Feature<'shifts', ShiftsService>;

export function createShiftsFeature(core: Core): ShiftsFeature {
  const service = new ShiftsService(core.http, core.files);
  return { name: 'shifts', service, stores: [service.store, service.cards.store], start() {}, stop() {} };
}

export const useShifts = () => useFeatureService<ShiftsService>('shifts');
