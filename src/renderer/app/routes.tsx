/**
 * SPEC §2 route table (the part built so far): '/' splash, '/login',
 * '/dashboard' (protected), the open web pages, anything else → '/'.
 *
 * Screens load by route: the first download holds the frame and the splash;
 * the login screen, the dashboard and the web pages are chunks of their own,
 * fetched ahead of need (screens.ts, RootLayout) so that no navigation
 * waits for a download. The login screen and the signed-in frame share one
 * layout, StationStage, which prepares the dashboard under the lock screen
 * (issue 27); a signed-in path still waits for the frame's chunk before the
 * router goes there, as a lazy route would.
 */
import { Navigate, createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { SplashScreen } from '../splash/SplashScreen.js';
import { RequireReady, RequireUser } from './guards.js';
import { RootLayout } from './RootLayout.js';
import { ROUTES } from './paths.js';
import { APP_SCREENS, preloadable, type PreloadableScreen, type ScreenSource, type Screens } from './screens.js';
import { StationStage } from './StationStage.js';

export { ROUTES };

function screen(path: string, source: ScreenSource): RouteObject {
  if ('Component' in source) return { path, Component: source.Component };
  return { path, lazy: async () => ({ Component: await source.load() }) };
}

/** The route element of a screen StationStage draws itself. */
const DrawnByStage = () => null;

/** A route whose own screen StationStage draws: the router waits for its chunks, then renders nothing of its own. */
function drawnByStage(route: RouteObject, needs: PreloadableScreen[]): RouteObject {
  if (needs.every((screen) => screen.current())) return route;
  return {
    ...route,
    lazy: async () => {
      await Promise.all(needs.map((screen) => screen.load()));
      return {};
    },
  } as RouteObject;
}

export function appRoutes(screens: Screens = APP_SCREENS): RouteObject[] {
  const frame = preloadable(screens.frame);
  const dashboard = preloadable(screens.dashboard);
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
            {
              // The lock screen, and the signed-in screens in the dashboard frame (top bar, side bar, header).
              element: <StationStage frame={frame} dashboard={dashboard} />,
              children: [
                screen(ROUTES.login, screens.login),
                drawnByStage(
                  {
                    element: <RequireUser />,
                    children: [
                      drawnByStage({ path: ROUTES.dashboard, Component: DrawnByStage }, [dashboard]),
                      screen(ROUTES.store, screens.store),
                      screen(ROUTES.inputTest, screens.inputTest),
                      screen(ROUTES.profile, screens.profile),
                    ],
                  },
                  [frame],
                ),
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
