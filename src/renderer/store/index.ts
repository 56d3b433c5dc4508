/** The store feature (SPEC §2 Store, §7 offers and orders, §9 offer values): the /store screen's service. */
import i18next from 'i18next';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import { translate } from '../core/i18n/uiMessage.js';
import type { NotificationsFeature } from '../notifications/index.js';
import type { SessionFeatureService } from '../session/index.js';
import { StoreService } from './storeService.js';
import { usePackagesStore } from './packagesStore.js';
import { useOffersStore } from './storeStore.js';

export type StoreFeature = Feature<'store', StoreService>;

export function createStoreFeature(
  core: Core,
  features: { session: Feature<'session', SessionFeatureService>; notifications: NotificationsFeature },
): StoreFeature {
  const service = new StoreService({
    api: core.api,
    notify: core.notify,
    // A decided order joins the bell's list (SPEC §3 status_change), with its toast and sound, in the language of the moment.
    announce: (notice) =>
      features.notifications.service.push({
        type: notice.type,
        tone: notice.tone,
        title: translate(i18next.t, notice.title),
        message: translate(i18next.t, notice.message),
        data: notice.data,
      }),
    refreshBalance: () => features.session.service.session.loadCurrentSession(),
  });
  let off: (() => void) | null = null;
  let offOrders: (() => void) | null = null;
  let offPackageOrders: (() => void) | null = null;
  return {
    name: 'store',
    service,
    stores: [useOffersStore, usePackagesStore],
    start() {
      off = features.session.service.session.on('ended', () => service.clear());
      // Staff decided one of this customer's orders (issue 23; our server only).
      offOrders = core.connection.on('orderUpdated', (order) => service.orderDecided(order));
      // Staff decided one of this customer's package orders (issue 26; our server only).
      offPackageOrders = core.connection.on('packageOrderUpdated', (order) => void service.packages.orderDecided(order));
    },
    stop() {
      off?.();
      off = null;
      offOrders?.();
      offOrders = null;
      offPackageOrders?.();
      offPackageOrders = null;
    },
  };
}

export const useOffers = () => useFeatureService<StoreService>('store');
/** The packages' service (the store's section, the profile's panel). */
export const usePackages = () => useFeatureService<StoreService>('store').packages;
