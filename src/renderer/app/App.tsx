/** The renderer's root: the features, language direction, router and toaster. */
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { FeaturesContext } from '../core/feature.js';
import { bindDocumentLanguage } from '../core/i18n/i18n.js';
import { UNLOCK_MARKS, mark } from '../core/trace.js';
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
  return (
    <FeaturesContext.Provider value={app.services}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </FeaturesContext.Provider>
  );
}
