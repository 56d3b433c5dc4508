/** Renderer entry: start the services, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createServices, startServices } from './app/services.js';
import { initI18n } from './core/i18n/i18n.js';
import './ui/styles/tokens.css';
import './ui/styles/base.css';

initI18n();
const services = createServices(window);
startServices(services);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
