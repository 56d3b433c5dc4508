/**
 * The second stage of the renderer's start (main.tsx loads it right after
 * the first frame): build core and the features, start them, then render the
 * app in place of the 'Loading connection information' screen the entry
 * drew. The router, the schemas (zod), the HTTP client and every feature's
 * services live in this chunk, not in the first download.
 */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createCore } from '../core/core.js';
import { activity } from '../core/time/activity.js';
import { App } from './App.js';
import { createApp } from './features.js';

export function startStation(root: Root, win: Window = window): void {
  const core = createCore(win);
  const app = createApp(core);
  app.start();
  // Issue 27: what only redraws the screen holds still while nobody can see the kiosk.
  activity.attach(win, core.bridge);
  root.render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
}
