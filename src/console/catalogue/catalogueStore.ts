/** Which Setup tab is open. */
import { createStore } from 'zustand/vanilla';

export const CATALOGUE_TABS = ['stations', 'accounts', 'prices', 'offers', 'loyalty', 'prepaid', 'display', 'limits', 'tools'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

/** The tabs staff (not owners) see: what the shift may do there. */
export const STAFF_TABS: readonly CatalogueTab[] = ['stations', 'accounts', 'limits', 'tools'];

export const createCatalogueTabStore = () => createStore<{ tab: CatalogueTab }>(() => ({ tab: 'stations' }));
