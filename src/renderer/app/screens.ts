/**
 * The screens that load by route, each in its own chunk, and their
 * prefetch: the chunk a station will need next is fetched while the current
 * screen idles (the login screen while the splash runs; the dashboard is
 * prepared under the lock screen once it is painted, StationStage.tsx), so a
 * login or an unlock never waits for a download.
 */
import { useEffect } from 'react';
import type { ComponentType } from 'react';

/** How a route gets its screen: a loader (the app) or the component itself (tests). */
export type ScreenSource = { load: () => Promise<ComponentType> } | { Component: ComponentType };
export type Screens = Record<
  'login' | 'frame' | 'dashboard' | 'store' | 'inputTest' | 'resetPassword' | 'verifyEmail' | 'profile' | 'steamCallback',
  ScreenSource
>;

export const SCREEN_LOADERS = {
  login: () => import('../front-door/LoginScreen.js').then((m) => m.LoginScreen),
  frame: () => import('../dashboard/DashboardFrame.js').then((m) => m.DashboardFrame),
  dashboard: () => import('../dashboard/DashboardScreen.js').then((m) => m.DashboardScreen),
  store: () => import('../store/StoreScreen.js').then((m) => m.StoreScreen),
  inputTest: () => import('../input-test/InputTestScreen.js').then((m) => m.InputTestScreen),
  resetPassword: () => import('../web-pages/ResetPasswordPage.js').then((m) => m.ResetPasswordPage),
  verifyEmail: () => import('../web-pages/VerifyEmailPage.js').then((m) => m.VerifyEmailPage),
  profile: () => import('../profile/ProfileScreen.js').then((m) => m.ProfileScreen),
  steamCallback: () => import('../profile/SteamCallbackPage.js').then((m) => m.SteamCallbackPage),
} satisfies Record<keyof Screens, () => Promise<ComponentType>>;

export const APP_SCREENS: Screens = {
  login: { load: SCREEN_LOADERS.login },
  frame: { load: SCREEN_LOADERS.frame },
  dashboard: { load: SCREEN_LOADERS.dashboard },
  store: { load: SCREEN_LOADERS.store },
  inputTest: { load: SCREEN_LOADERS.inputTest },
  resetPassword: { load: SCREEN_LOADERS.resetPassword },
  verifyEmail: { load: SCREEN_LOADERS.verifyEmail },
  profile: { load: SCREEN_LOADERS.profile },
  steamCallback: { load: SCREEN_LOADERS.steamCallback },
};

/**
 * What to fetch ahead on each station screen. The dashboard's chunks are not
 * here: the lock screen prepares the dashboard itself once it is painted and
 * idle (StationStage.tsx), never before the lock screen is on screen.
 */
export const PREFETCH_AHEAD: Partial<Record<string, Array<keyof typeof SCREEN_LOADERS>>> = {
  '/': ['login'],
  '/dashboard': ['store', 'inputTest'],
};

/** A screen that can be loaded ahead, and read synchronously once it has been. */
export interface PreloadableScreen {
  load(): Promise<ComponentType>;
  /** The component once loaded (at once for a source that gives it directly), else null. */
  current(): ComponentType | null;
}

export function preloadable(source: ScreenSource): PreloadableScreen {
  if ('Component' in source) return { load: () => Promise.resolve(source.Component), current: () => source.Component };
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  return {
    load() {
      pending ??= source.load().then(
        (Component) => (loaded = Component),
        (error: unknown) => {
          // A failed download is tried again by the next caller.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => loaded,
  };
}

type IdleWindow = Pick<Window, 'setTimeout' | 'clearTimeout'> &
  Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>>;

/** Run `work` once the page is idle (a short timeout where idle callbacks do not exist). Returns cancel. */
export function whenIdle(work: () => void, win: IdleWindow = window): () => void {
  if (win.requestIdleCallback && win.cancelIdleCallback) {
    const id = win.requestIdleCallback(work, { timeout: 2_000 });
    return () => win.cancelIdleCallback?.(id);
  }
  const id = win.setTimeout(work, 200);
  return () => win.clearTimeout(id);
}

/** Fetch the chunks this screen's next screens need, once idle. */
export function usePrefetchAhead(pathname: string, loaders: Partial<typeof SCREEN_LOADERS> = SCREEN_LOADERS): void {
  useEffect(() => {
    const ahead = PREFETCH_AHEAD[pathname];
    if (!ahead) return;
    return whenIdle(() => {
      for (const name of ahead) {
        loaders[name]?.().catch((error: unknown) => console.warn(`[screens] could not prefetch ${name}`, error));
      }
    });
  }, [pathname, loaders]);
}
