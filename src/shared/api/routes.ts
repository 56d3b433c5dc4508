/**
 * SPEC §7 — every HTTP call the station makes, plus the reference server's
 * admin surface, one file per §7 subsection. The renderer's client and the
 * server's handlers are both typed from these descriptors, and the server
 * validates params, query and body with the schemas before a handler runs.
 * This index keeps `shared/api/routes.js` the one import path and lists every
 * descriptor in `allRoutes`, which the contract test walks.
 */
import type { Route } from './route.js';
import * as admin from './admin.js';
import * as adminCatalogue from './admin-catalogue.js';
import * as adminGames from './admin-games.js';
import * as adminPricing from './admin-pricing.js';
import * as adminReports from './admin-reports.js';
import * as adminProfile from './admin-profile.js';
import * as adminStore from './admin-store.js';
import * as adminStations from './admin-stations.js';
import * as auth from './auth.js';
import * as consoleApi from './console.js';
import * as screenshotsApi from './screenshots.js';
import * as desk from './desk.js';
import * as enrolment from './enrolment.js';
import * as games from './games.js';
import * as media from './media.js';
import * as profile from './profile.js';
import * as social from './social.js';
import * as station from './station.js';

export * from './admin.js';
export * from './admin-catalogue.js';
export * from './admin-games.js';
export * from './admin-pricing.js';
export * from './admin-reports.js';
export * from './admin-profile.js';
export * from './admin-store.js';
export * from './admin-stations.js';
export * from './auth.js';
export * from './console.js';
export * from './screenshots.js';
export * from './desk.js';
export * from './enrolment.js';
export * from './games.js';
export * from './media.js';
export * from './profile.js';
export * from './social.js';
export * from './station.js';
export { rewardSchema, eventRewardSchema } from '../entities.js';

export type RouteSection = 'station' | 'auth' | 'profile' | 'games' | 'media' | 'social' | 'admin';

/** A descriptor with its export name and the §7 subsection (or the admin surface) it belongs to. */
export interface RouteEntry {
  name: string;
  section: RouteSection;
  route: Route;
}

function isRoute(value: unknown): value is Route {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value &&
    typeof (value as { path: unknown }).path === 'string'
  );
}

function entries(section: RouteSection, module: Record<string, unknown>): RouteEntry[] {
  return Object.entries(module)
    .filter((entry): entry is [string, Route] => isRoute(entry[1]))
    .map(([name, route]) => ({ name, section, route }));
}

/** Every route descriptor, station §7 routes first, the admin surface last. */
export const allRoutes: readonly RouteEntry[] = [
  ...entries('station', station),
  ...entries('auth', auth),
  ...entries('profile', profile),
  ...entries('games', games),
  ...entries('media', media),
  ...entries('social', social),
  ...entries('admin', admin),
  // Station enrolment (issue 9): the reference server's own surface, not in the SPEC.
  ...entries('admin', enrolment),
  ...entries('admin', adminGames),
  // Prices a cafe sells (issue 26).
  ...entries('admin', adminPricing),
  ...entries('admin', adminReports),
  ...entries('admin', adminStore),
  ...entries('admin', adminProfile),
  // The operator console (issue 15).
  ...entries('admin', consoleApi),
  // A station's screen for staff (issue 24).
  ...entries('admin', screenshotsApi),
  // The console's catalogue (issue 15, branch catalogue).
  ...entries('admin', adminCatalogue),
  ...entries('admin', desk),
  // A cafe's own stations (issue 22).
  ...entries('admin', adminStations),
];

/** `METHOD /path` — how the contract test names a route. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;
