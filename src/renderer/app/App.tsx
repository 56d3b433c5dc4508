/** The renderer's root: services, language direction, router and toaster. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { bindDocumentLanguage } from '../core/i18n/i18n.js';
import { AppToaster } from './AppToaster.js';
import { createAppRouter } from './routes.js';
import { ServicesContext } from './ServicesContext.js';
import type { Services } from './services.js';

export function App({ services }: { services: Services }) {
  const { i18n } = useTranslation();
  const [router] = useState(() => createAppRouter());
  useEffect(() => bindDocumentLanguage(i18n), [i18n]);
  return (
    <ServicesContext.Provider value={services}>
      <RouterProvider router={router} />
      <AppToaster />
    </ServicesContext.Provider>
  );
}
