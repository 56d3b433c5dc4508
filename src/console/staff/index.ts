/** The staff feature (owner): staff accounts, their roles, disable and enable, password and authenticator resets. */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { StaffService } from './staffService.js';

export type StaffFeature = Feature<'staff', StaffService>;

export function createStaffFeature(core: Core): StaffFeature {
  const service = new StaffService(core.http);
  return { name: 'staff', service, stores: [service.store], start() {}, stop() {} };
}

export const useStaff = () => useFeatureService<StaffService>('staff');
