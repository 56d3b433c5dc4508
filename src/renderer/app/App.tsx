/** The renderer's root: the features, language direction, router and toaster. */
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { FeaturesContext } from '../core/feature.js';
import { bindDocumentLanguage } from '../core/i18n/i18n.js';
import { UNLOCK_MARKS, mark } from '../core/trace.js';
import { selectIsSignedIn, useSessionStore } from '../session/sessionStore.js';
import type { App as StationApp } from './features.js';
import { ROUTES, createAppRouter } from './routes.js';

// The toaster (and its library) arrive after the first screen.
const AppToaster = lazy(() => import('./AppToaster.js').then((m) => ({ default: m.AppToaster })));

export function App({ app }: { app: StationApp }) {
  const { i18n } = useTranslation();
  const [router] = useState(() => createAppRouter());
  useEffect(() => bindDocumentLanguage(i18n), [i18n]);
  useEffect(
    () =>
      router.subscribe((state) => {
        if (state.location.pathname === ROUTES.dashboard && state.navigation.state === 'idle') mark(UNLOCK_MARKS.route);
      }),
    [router],
  );
  // An unlock or a login goes to the dashboard in the same task as the session
  // arriving (issue 27): not a render of the login screen and its <Navigate> later.
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (!selectIsSignedIn(state) || selectIsSignedIn(previous)) return;
        if (router.state.location.pathname === ROUTES.login) void router.navigate(ROUTES.dashboard, { replace: true });
      }),
    [router],
  );
  return (
    <FeaturesContext.Provider value={app.services}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </FeaturesContext.Provider>
  );
}
