/** Renderer entry: start the services, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createServices, startServices } from './app/services.js';
import { bindDocumentLanguage, initI18n, initialLanguage, rememberLanguageChoice, storedLanguage } from './i18n/i18n.js';
import './styles/tokens.css';
import './styles/base.css';

/** Pages opened from an email link, in the customer's own browser (SPEC §2 open routes). */
const OPEN_WEB_PAGES = ['/password', '/verify-email'];
const i18n = initI18n(
  initialLanguage({
    stored: storedLanguage(window.localStorage),
    browserLanguages: navigator.languages,
    followBrowser: OPEN_WEB_PAGES.includes(window.location.pathname),
  }),
);
// <html lang dir> before the first paint, so the splash is already right to left in Arabic.
bindDocumentLanguage(i18n, document);
rememberLanguageChoice(i18n, window.localStorage);
const services = createServices(window);
startServices(services);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
