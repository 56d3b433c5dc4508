/** The customers feature: search, the account with its ledger, top-ups, refunds and free time, login flags, disable and enable. */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { CustomersService } from './customersService.js';

export type CustomersFeature = Feature<'customers', CustomersService>;

export function createCustomersFeature(core: Core): CustomersFeature {
  const service = new CustomersService(core.http);
  return { name: 'customers', service, stores: [service.store], start() {}, stop() {} };
}

export const useCustomers = () => useFeatureService<CustomersService>('customers');
