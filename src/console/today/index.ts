/** The today feature: the day at a glance (revenue by source, occupancy by hour, what waits). */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { TodayService } from './todayService.js';

export type TodayFeature = Feature<'today', TodayService>;

export function createTodayFeature(core: Core): TodayFeature {
  const service = new TodayService(core.http);
  return { name: 'today', service, stores: [service.store], start() {}, stop() {} };
}

export const useToday = () => useFeatureService<TodayService>('today');
