/** Which Setup tab is open. */
import { createStore } from 'zustand/vanilla';

/** Stations, their groups and pairing are the Stations screen's; the groups' hourly rates are in Prices. */
export const CATALOGUE_TABS = ['prices', 'accounts', 'offers', 'loyalty', 'prepaid', 'display', 'limits', 'tools'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

/** The tabs staff (not owners) see: what the shift may do there. */
export const STAFF_TABS: readonly CatalogueTab[] = ['accounts', 'limits', 'tools'];

export const createCatalogueTabStore = () => createStore<{ tab: CatalogueTab }>(() => ({ tab: 'prices' }));
