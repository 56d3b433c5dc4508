/**
 * The games tab's own services — centre accounts (the game modal) and the
 * image cache — built the first time the tab renders, so their code loads
 * with the dashboard rather than before the first screen (the initial bundle
 * budget). The feature (games/index.ts) keeps what must run from the start:
 * the library load, the launch lock, play tracking and the realtime events.
 */
import { AccountsService } from '../accounts/accountsService.js';
import type { GamesService } from '../gamesService.js';
import { useGames } from '../index.js';
import { browserImageLoader, ImageCache } from '../images/imageCache.js';
import { globalTimers } from '../../core/time/timers.js';

export interface GamesTab {
  accounts: AccountsService;
  images: ImageCache;
}

const tabs = new WeakMap<GamesService, GamesTab>();

export function gamesTab(service: GamesService): GamesTab {
  const existing = tabs.get(service);
  if (existing) return existing;
  const deps = service.tabDeps;
  const timers = deps?.timers ?? globalTimers;
  const accounts = new AccountsService({
    api: deps?.api ?? { call: () => Promise.reject(new Error('no API')) },
    launchLock: deps?.launchLock ?? { lock: () => undefined, unlock: () => undefined, locked: false, send: () => undefined },
    ...(deps ? { onAccountLaunch: deps.onAccountLaunch, getStationGroupId: deps.getStationGroupId } : {}),
    getSessionId: deps?.getSessionId ?? (() => null),
  });
  const images = new ImageCache({ timers, load: browserImageLoader(timers) });
  images.start();
  const off = service.onAccountStatusChanged((platform) => accounts.platformChanged(platform));
  service.onStop(() => {
    off();
    images.stop();
    tabs.delete(service);
  });
  const tab = { accounts, images };
  tabs.set(service, tab);
  return tab;
}

/** The tab's services, for its components. */
export function useGamesTab(): GamesTab {
  return gamesTab(useGames());
}
