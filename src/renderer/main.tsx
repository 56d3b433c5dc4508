/** Renderer entry: build core and the features, start them, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createApp } from './app/features.js';
import { createCore } from './core/core.js';
import { startLanguage } from './core/i18n/i18n.js';
import './ui/styles/tokens.css';
import './ui/styles/base.css';

startLanguage(window);
const app = createApp(createCore(window));
app.start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App app={app} />
  </StrictMode>,
);
