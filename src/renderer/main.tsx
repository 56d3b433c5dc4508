/** Renderer entry: build core and the features, start them, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createApp } from './app/features.js';
import { ROUTES } from './app/routes.js';
import { createCore } from './core/core.js';
import { startLanguage } from './core/i18n/i18n.js';
import './ui/styles/tokens.css';
import './ui/styles/base.css';

startLanguage(window);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

if (window.location.pathname === ROUTES.steamCallback) {
  // The Steam popup (SPEC §2 /steam-callback) only hands the answer to its opener:
  // no station of its own (no socket, heartbeat or bridge), so nothing is reported twice.
  void import('./profile/SteamCallbackPage.js').then(({ SteamCallbackPage }) =>
    createRoot(root).render(
      <StrictMode>
        <SteamCallbackPage />
      </StrictMode>,
    ),
  );
} else {
  const app = createApp(createCore(window));
  app.start();
  createRoot(root).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
}
