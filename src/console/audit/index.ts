/** The audit feature (owner): who did what, to which station or customer, when, from where. */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { AuditService } from './auditService.js';

export type AuditFeature = Feature<'audit', AuditService>;

export function createAuditFeature(core: Core): AuditFeature {
  const service = new AuditService(core.http);
  return { name: 'audit', service, stores: [service.store], start() {}, stop() {} };
}

export const useAudit = () => useFeatureService<AuditService>('audit');
