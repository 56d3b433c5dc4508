/**
 * SPEC §2 route table (the part built so far): '/' splash, '/login',
 * '/dashboard' (protected), anything else → '/'.
 */
import {
  Navigate,
  createBrowserRouter,
  createMemoryRouter,
  type RouteObject,
} from 'react-router-dom';
import { DashboardScreen } from '../dashboard/DashboardScreen.js';
import { LoginScreen } from '../front-door/LoginScreen.js';
import { SplashScreen } from '../splash/SplashScreen.js';
import { ResetPasswordPage } from '../web-pages/ResetPasswordPage.js';
import { VerifyEmailPage } from '../web-pages/VerifyEmailPage.js';
import { RequireReady, RequireUser } from './guards.js';
import { RootLayout } from './RootLayout.js';

export const ROUTES = { splash: '/', login: '/login', dashboard: '/dashboard' } as const;

export const appRoutes: RouteObject[] = [
  // Open pages for links in emails: outside the station frame, in any browser.
  { path: '/password', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  {
    element: <RootLayout />,
    children: [
      { path: ROUTES.splash, element: <SplashScreen /> },
      {
        element: <RequireReady />,
        children: [
          { path: ROUTES.login, element: <LoginScreen /> },
          {
            element: <RequireUser />,
            children: [{ path: ROUTES.dashboard, element: <DashboardScreen /> }],
          },
        ],
      },
      { path: '*', element: <Navigate to={ROUTES.splash} replace /> },
    ],
  },
];

/**
 * The browser router everywhere: the web shell (HTTP) and the kiosk's
 * app://station protocol both serve index.html for every app path.
 */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

/** For tests: the same routes in memory. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(appRoutes, { initialEntries: [initialPath] });
}
