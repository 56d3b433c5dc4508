/** Renderer entry: start the services, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createServices, startServices } from './app/services.js';
import { startLanguage } from './i18n/i18n.js';
import './styles/tokens.css';
import './styles/base.css';

startLanguage(window);
const services = createServices(window);
startServices(services);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
