/**
 * The dashboard feature (SPEC §2 dashboard): the signed-in user's home. When
 * it opens for a session it refreshes that session's time, the account and
 * the game library — after the first paint, never before it.
 */
import { useFeatureService, type Feature } from '../core/feature.js';
import type { AccountFeature } from '../account/index.js';
import type { GamesFeature } from '../games/index.js';
import type { SessionFeatureService } from '../session/index.js';

export interface DashboardFeatureService {
  /** The dashboard is showing for this session: load what it shows. */
  opened(): void;
  logout(): void;
}

export type DashboardFeature = Feature<'dashboard', DashboardFeatureService>;

export function createDashboardFeature(features: {
  session: Feature<'session', SessionFeatureService>;
  account: AccountFeature;
  games: GamesFeature;
}): DashboardFeature {
  const { session } = features.session.service;
  return {
    name: 'dashboard',
    stores: [],
    service: {
      opened() {
        void session.loadCurrentSession();
        void features.account.service.refresh();
        void features.games.service.load();
      },
      logout: () => session.logout(),
    },
    start() {},
    stop() {},
  };
}

export const useDashboard = () => useFeatureService<DashboardFeatureService>('dashboard');
