/**
 * Renderer entry. The first download holds only what the first frame needs:
 * React, the language (English catalog; Arabic loads when chosen) and the
 * 'Loading connection information' screen (SPEC §2), which is what the
 * station shows until the shell has said who it is. The station itself — the
 * router, the features, the schemas — is the next chunk (app/startStation),
 * requested as soon as this one has run.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConnectingScreen } from './app/ConnectingScreen.js';
import { ROUTES } from './app/paths.js';
import { OPEN_WEB_PAGES, startLanguage } from './core/i18n/i18n.js';
import { globalTimers } from './core/time/timers.js';
import '../shared/ui/styles/tokens.css';
import '../shared/ui/styles/controls.css';
import './ui/styles/base.css';

startLanguage(window);
const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root');
const root = createRoot(element);
const path = window.location.pathname;

/** The open pages (email links) draw nothing of the station while their chunk loads. */
const OPEN_PAGES: readonly string[] = [...OPEN_WEB_PAGES, ROUTES.steamCallback];

/** A chunk that fails to load (a file being replaced during an update) is tried again after a second. */
function load<T>(importer: () => Promise<T>, retries = 3): Promise<T> {
  return importer().catch((error: unknown) => {
    if (retries <= 0) throw error;
    console.warn('[start] could not load the station chunk; trying again', error);
    return new Promise<T>((resolve, reject) => globalTimers.setTimeout(() => load(importer, retries - 1).then(resolve, reject), 1_000));
  });
}

if (path === ROUTES.steamCallback) {
  // The Steam popup (SPEC §2 /steam-callback) only hands the answer to its opener:
  // no station of its own (no socket, heartbeat or bridge), so nothing is reported twice.
  void load(() => import('./profile/SteamCallbackPage.js')).then(({ SteamCallbackPage }) =>
    root.render(
      <StrictMode>
        <SteamCallbackPage />
      </StrictMode>,
    ),
  );
} else {
  if (!OPEN_PAGES.includes(path)) root.render(<ConnectingScreen />);
  load(() => import('./app/startStation.js')).then(
    ({ startStation }) => startStation(root),
    (error: unknown) => console.error('[start] the station could not start', error),
  );
}
