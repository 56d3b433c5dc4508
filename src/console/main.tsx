/** The operator console's entry (issue 15, shaped like the kiosk in issue 21): i18n, core, the features, the frame. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App.js';
import { createConsoleApp } from './app/features.js';
import { SCREENS } from './app/screens.js';
import { speakErrorsIn } from './core/act.js';
import { createCore } from './core/core.js';
import { createNav } from './core/nav.js';
import { createConsoleI18n, switchLanguage } from './i18n/index.js';
import './styles.css';

const i18n = await createConsoleI18n();
speakErrorsIn(() => (i18n.language === 'ar' ? 'ar' : 'en'));
const core = createCore(window, () => i18n.t('app.title'));
const app = createConsoleApp(core);
const nav = createNav(SCREENS.map((screen) => screen.id));
document.title = i18n.t('app.title');
const toggleLanguage = () => void switchLanguage(i18n, i18n.language === 'ar' ? 'en' : 'ar').then(() => core.page.retitle());

app.start();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App app={app} nav={nav} onLanguage={toggleLanguage} />
    </I18nextProvider>
  </StrictMode>,
);
void app.features.session.service.restore();
