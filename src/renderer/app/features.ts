/**
 * The root: the list of features, each built from core and the features it
 * reacts to (so the order is the construction order, and no feature reaches
 * one declared after it). main.tsx and the tests build the app from here.
 */
import { createAccountFeature } from '../account/index.js';
import { resetStore, type Core, type Feature, type FeatureServices } from '../core/feature.js';
import { createDashboardFeature } from '../dashboard/index.js';
import { createFrontDoorFeature } from '../front-door/index.js';
import { createGamesFeature } from '../games/index.js';
import { createInputTestFeature } from '../input-test/index.js';
import { createNotificationsFeature } from '../notifications/index.js';
import { createProfileFeature } from '../profile/index.js';
import { createStoreFeature } from '../store/index.js';
import { createSessionFeature } from '../session/index.js';
import { createSplashFeature } from '../splash/index.js';
import { createSquadFeature } from '../squad/index.js';
import { createStationFeature } from '../station/index.js';
import { createWebPagesFeature } from '../web-pages/index.js';

export function createFeatures(core: Core) {
  const station = createStationFeature(core);
  const session = createSessionFeature(core, { station });
  const account = createAccountFeature(core, { session });
  const frontDoor = createFrontDoorFeature(core, { station, session });
  const games = createGamesFeature(core, { station, session });
  const splash = createSplashFeature(core, { station, session });
  const dashboard = createDashboardFeature(core, { station, session, account, games });
  const notifications = createNotificationsFeature(core, { session });
  const store = createStoreFeature(core, { session, notifications });
  const inputTest = createInputTestFeature();
  const webPages = createWebPagesFeature(core);
  const squad = createSquadFeature(core, { station, session, notifications });
  const profile = createProfileFeature(core, { session, account });
  return { station, session, account, frontDoor, games, splash, dashboard, notifications, store, inputTest, webPages, squad, profile };
}

export type AppFeatures = ReturnType<typeof createFeatures>;

export interface App {
  core: Core;
  features: AppFeatures;
  /** Feature name → its service, for the feature hooks. */
  services: FeatureServices;
  /** Start every feature, in list order. Returns stop. */
  start(): () => void;
  /** Stop every feature, in reverse order, and disconnect (safe when never started). */
  stop(): void;
  /** Every store of core and of every feature back to its initial state. */
  resetStores(): void;
}

export function createApp(core: Core): App {
  const features = createFeatures(core);
  const list: Feature[] = Object.values(features);
  return {
    core,
    features,
    services: new Map(list.map((feature) => [feature.name, feature.service])),
    start() {
      for (const feature of list) feature.start();
      return () => this.stop();
    },
    stop() {
      for (const feature of [...list].reverse()) feature.stop();
      core.connection.disconnect();
    },
    resetStores() {
      for (const store of [...core.stores, ...list.flatMap((feature) => feature.stores)]) resetStore(store);
    },
  };
}
