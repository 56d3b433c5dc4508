/**
 * The games tab's own services — search and filters, the game modal, centre
 * accounts and the image cache — built the first time the tab renders, so their code loads
 * with the dashboard rather than before the first screen (the initial bundle
 * budget). The feature (games/index.ts) keeps what must run from the start:
 * the library load, the launch lock, play tracking and the realtime events.
 */
import type { GameEntry } from '../../../shared/entities.js';
import { AccountsService } from '../accounts/accountsService.js';
import type { GamesService } from '../gamesService.js';
import { useGames } from '../index.js';
import { browserImageLoader, ImageCache } from '../images/imageCache.js';
import { globalTimers } from '../../core/time/timers.js';
import { LibraryController } from './libraryController.js';
import { useSessionStore } from '../../session/sessionStore.js';
import { useStationStore } from '../../station/stationStore.js';

export interface GamesTab {
  library: LibraryController;
  /** A picture's address, resolved against the cafe server. */
  thumbnailUrl(entry: GameEntry): string | null;
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
    ...(deps ? { onAccountLaunch: deps.onAccountLaunch } : {}),
    getSessionId: () => useSessionStore.getState().session?.sessionId ?? null,
    getStationGroupId: () => useStationStore.getState().details?.station.groupId ?? null,
  });
  const images = new ImageCache({ timers, load: browserImageLoader(timers) });
  images.start();
  const off = service.events.on('accountStatus', (platform) => accounts.platformChanged(platform));
  const offStop = service.events.on('stop', () => {
    off();
    offStop();
    images.stop();
    tabs.delete(service);
  });
  const thumbnailUrl = (entry: GameEntry) => (entry.Thumbnail ? (deps?.api.resolveUrl(entry.Thumbnail) ?? entry.Thumbnail) : null);
  const tab = { thumbnailUrl, library: new LibraryController(service.store, service, deps?.api), accounts, images };
  tabs.set(service, tab);
  return tab;
}

/** The tab's services, for its components. */
export function useGamesTab(): GamesTab {
  return gamesTab(useGames());
}
