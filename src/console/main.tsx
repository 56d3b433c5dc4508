/** The operator console's entry (issue 15): i18n, the services, the frame. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createNav } from './core/nav.js';
import { createServices, ServicesContext } from './core/services.js';
import { createConsoleI18n, switchLanguage } from './i18n/index.js';
import { App } from './ui/App.js';
import './styles.css';

const i18n = await createConsoleI18n();
const services = createServices(() => i18n.t('app.title'));
const nav = createNav();
document.title = i18n.t('app.title');
const toggleLanguage = () => void switchLanguage(i18n, i18n.language === 'ar' ? 'en' : 'ar').then(() => services.inbox.store.setState({}));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <App nav={nav} onLanguage={toggleLanguage} />
      </ServicesContext.Provider>
    </I18nextProvider>
  </StrictMode>,
);
void services.session.restore();
