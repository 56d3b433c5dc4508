/**
 * SPEC §2 route table (the part built so far): '/' splash, '/login',
 * '/dashboard' (protected), the open web pages, anything else → '/'.
 *
 * Screens load by route: the first download holds the frame and the splash;
 * the login screen, the dashboard and the web pages are chunks of their own,
 * fetched ahead of need (screens.ts, RootLayout) so that no navigation
 * waits for a download.
 */
import { Navigate, createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { SplashScreen } from '../splash/SplashScreen.js';
import { RequireReady, RequireUser } from './guards.js';
import { RootLayout } from './RootLayout.js';
import { ROUTES } from './paths.js';
import { APP_SCREENS, type ScreenSource, type Screens } from './screens.js';

export { ROUTES };

function screen(path: string, source: ScreenSource): RouteObject {
  if ('Component' in source) return { path, Component: source.Component };
  return { path, lazy: async () => ({ Component: await source.load() }) };
}

/** A layout route (no path of its own) whose screens render inside it. */
function layout(source: ScreenSource, children: RouteObject[]): RouteObject {
  if ('Component' in source) return { Component: source.Component, children };
  return { lazy: async () => ({ Component: await source.load() }), children };
}

export function appRoutes(screens: Screens = APP_SCREENS): RouteObject[] {
  return [
    // Open pages for links in emails: outside the station frame, in any browser.
    screen('/password', screens.resetPassword),
    screen('/verify-email', screens.verifyEmail),
    // The Steam popup lands here (SPEC §2: open); main.tsx renders it without starting a station.
    screen(ROUTES.steamCallback, screens.steamCallback),
    {
      element: <RootLayout />,
      children: [
        { path: ROUTES.splash, element: <SplashScreen /> },
        {
          element: <RequireReady />,
          children: [
            screen(ROUTES.login, screens.login),
            {
              element: <RequireUser />,
              // The signed-in screens share the dashboard frame (top bar, side bar, header).
              children: [
                layout(screens.frame, [
                  screen(ROUTES.dashboard, screens.dashboard),
                  screen(ROUTES.store, screens.store),
                  screen(ROUTES.inputTest, screens.inputTest),
                  screen(ROUTES.profile, screens.profile),
                ]),
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={ROUTES.splash} replace /> },
      ],
    },
  ];
}

/**
 * The browser router everywhere: the web shell (HTTP) and the kiosk's
 * app://station protocol both serve index.html for every app path.
 */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

/** For tests: the same routes in memory, with the screens given directly. */
export function createTestRouter(initialPath: string, screens: Screens) {
  return createMemoryRouter(appRoutes(screens), { initialEntries: [initialPath] });
}
