/**
 * The catalogue feature ("Setup"): the cafe's catalogue in tabs, one folder
 * per tab with its own service and store (prices, centre accounts, offers,
 * loyalty, prepaid cards, what stations show, money limits, tools), and the
 * station groups the accounts and offers tabs read (`groups/`).
 */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeature } from '../session/index.js';
import { isOwner } from '../session/sessionStore.js';
import { AccountsService } from './accounts/accountsService.js';
import { createCatalogueTabStore, type CatalogueTab } from './catalogueStore.js';
import { DisplayService } from './display/displayService.js';
import { GroupsService } from './groups/groupsService.js';
import { LimitsService } from './limits/limitsService.js';
import { LoyaltyService } from './loyalty/loyaltyService.js';
import { OffersService } from './offers/offersService.js';
import { PrepaidService } from './prepaid/prepaidService.js';
import { PricesService } from './prices/pricesService.js';
import { ToolsService } from './tools/toolsService.js';

export { CATALOGUE_TABS, STAFF_TABS, type CatalogueTab } from './catalogueStore.js';

export function createCatalogue(core: Pick<Core, 'http' | 'files'>, owner: () => boolean) {
  const groups = new GroupsService(core.http);
  const services = {
    accounts: new AccountsService(core.http),
    prices: new PricesService(core.http),
    offers: new OffersService(core.http),
    loyalty: new LoyaltyService(core.http),
    prepaid: new PrepaidService(core.http, core.files),
    display: new DisplayService(core.http),
    limits: new LimitsService(core.http),
    tools: new ToolsService(core.http, owner),
  };
  const tab = createCatalogueTabStore();
  return {
    ...services,
    groups,
    tab,
    stores: [tab, groups.store, ...Object.values(services).map((service) => service.store)],
    /** Opens a tab and loads what it shows. */
    open(name: CatalogueTab) {
      tab.setState({ tab: name });
      // Adding a centre account offers the groups to bind it to; an offer shows the play time it buys at each rate.
      if (name === 'accounts' || name === 'offers') void groups.load();
      return services[name].load();
    },
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;

export type CatalogueFeature = Feature<'catalogue', Catalogue>;

export function createCatalogueFeature(core: Core, features: { session: SessionFeature }): CatalogueFeature {
  const service = createCatalogue(core, () => isOwner(features.session.service.store.getState()));
  return { name: 'catalogue', service, stores: service.stores, start() {}, stop() {} };
}

export const useCatalogue = () => useFeatureService<Catalogue>('catalogue');
