/**
 * The console's top: the list of features, each built from core and the
 * features it reacts to (so the order is the construction order). main.tsx
 * and the tests build the console from here; nothing else imports app/.
 */
import { createAuditFeature } from '../audit/index.js';
import { createCatalogueFeature } from '../catalogue/index.js';
import { resetStore, type Core, type Feature, type FeatureServices } from '../core/feature.js';
import { createCustomersFeature } from '../customers/index.js';
import { createInboxFeature } from '../inbox/index.js';
import { createReportsFeature } from '../reports/index.js';
import { createRoomFeature } from '../room/index.js';
import { createSessionFeature } from '../session/index.js';
import { createShiftsFeature } from '../shifts/index.js';
import { createStaffFeature } from '../staff/index.js';
import { createStationsFeature } from '../stations/index.js';
import { createTodayFeature } from '../today/index.js';

export function createFeatures(core: Core) {
  const session = createSessionFeature(core);
  const room = createRoomFeature(core, { session });
  const inbox = createInboxFeature(core, { session, room });
  const today = createTodayFeature(core);
  const customers = createCustomersFeature(core);
  const shifts = createShiftsFeature(core);
  const audit = createAuditFeature(core);
  const reports = createReportsFeature(core);
  const staff = createStaffFeature(core);
  const catalogue = createCatalogueFeature(core, { session });
  const stations = createStationsFeature(core, { session });
  return { session, room, inbox, today, customers, shifts, audit, reports, staff, catalogue, stations };
}

export type ConsoleFeatures = ReturnType<typeof createFeatures>;

export interface ConsoleApp {
  core: Core;
  features: ConsoleFeatures;
  /** Feature name → its service, for the feature hooks. */
  services: FeatureServices;
  /** Start every feature, in list order. */
  start(): void;
  /** Stop every feature, in reverse order, and close the live channel. */
  stop(): void;
  /** Every store of core and of every feature back to its initial state. */
  resetStores(): void;
}

export function createConsoleApp(core: Core): ConsoleApp {
  const features = createFeatures(core);
  const list: Feature[] = Object.values(features);
  return {
    core,
    features,
    services: new Map(list.map((feature) => [feature.name, feature.service])),
    start() {
      for (const feature of list) feature.start();
    },
    stop() {
      for (const feature of [...list].reverse()) feature.stop();
      core.socket.disconnect();
    },
    resetStores() {
      for (const store of [...core.stores, ...list.flatMap((feature) => feature.stores)]) resetStore(store);
    },
  };
}
