/** The reports feature (owner, issue 26): the period report by kind of sale, station group and staff member, with a chart and CSV. */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { ReportsService } from './reportsService.js';

export type ReportsFeature = Feature<'reports', ReportsService>;

export function createReportsFeature(core: Core): ReportsFeature {
  const service = new ReportsService(core.http, core.files);
  return { name: 'reports', service, stores: [service.store], start() {}, stop() {} };
}

export const useReports = () => useFeatureService<ReportsService>('reports');
