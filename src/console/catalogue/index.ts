/** The catalogue's services (issue 15, branch catalogue), built once with the console's http. */
import type { Http } from '../core/http.js';
import { AccountsService } from './accounts/accountsService.js';
import { DisplayService } from './display/displayService.js';
import { LoyaltyService } from './loyalty/loyaltyService.js';
import { OffersService } from './offers/offersService.js';
import { PrepaidService } from './prepaid/prepaidService.js';
import { StationsService } from './stations/stationsService.js';
import { ToolsService } from './tools/toolsService.js';
import { createStore } from 'zustand/vanilla';

export const CATALOGUE_TABS = ['stations', 'accounts', 'offers', 'loyalty', 'prepaid', 'display', 'tools'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

/** The tabs staff (not owners) see: what the shift may do there. */
export const STAFF_TABS: readonly CatalogueTab[] = ['stations', 'accounts', 'tools'];

export function createCatalogue(http: Http, isOwner: () => boolean) {
  const services = {
    stations: new StationsService(http),
    accounts: new AccountsService(http),
    offers: new OffersService(http),
    loyalty: new LoyaltyService(http),
    prepaid: new PrepaidService(http),
    display: new DisplayService(http),
    tools: new ToolsService(http, isOwner),
  };
  const tab = createStore<{ tab: CatalogueTab }>(() => ({ tab: 'stations' }));
  return {
    ...services,
    tab,
    /** Opens a tab and loads what it shows. */
    open(name: CatalogueTab) {
      tab.setState({ tab: name });
      // Adding a centre account offers the groups to bind it to; an offer shows the play time it buys at each rate.
      if (name === 'accounts' || name === 'offers') void services.stations.load();
      return services[name].load();
    },
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;
